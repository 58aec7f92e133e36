/** Where the tests find the machine's real services. Point these at containers if you have Docker. */
export const TEST_PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Set by global-setup.mjs: the migrated template each test file's database is cloned from. */
export const TEMPLATE_DB = process.env.SCHOOL_TEMPLATE_DB ?? 'school_test_template';

export function databaseUrl(name: string): string {
  const url = new URL(TEST_PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
