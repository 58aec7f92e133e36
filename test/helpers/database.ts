import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { databaseUrl, TEMPLATE_DB, TEST_PG_ADMIN_URL } from './services.js';

export interface TestDatabase {
  name: string;
  url: string;
  pool: pg.Pool;
  query<T = any>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Makes this database unreachable (existing connections cut, new ones refused) or reachable again:
   * "Postgres is down" for the app under test without stopping the server other test files share.
   */
  setReachable(reachable: boolean): Promise<void>;
  drop(): Promise<void>;
}

/** One statement on the server's maintenance database as the admin user (CREATE/DROP DATABASE and the like). */
export function adminQuery(sql: string): Promise<void> {
  return asAdmin(async (c) => {
    await c.query(sql);
  });
}

async function asAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A fresh, fully migrated database of its own for one test file, cloned from the template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `school_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
  await admin.connect();
  try {
    // CREATE DATABASE ... TEMPLATE fails while another session clones the same template: retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
        break;
      } catch (err) {
        if (attempt > 50 || !/being accessed by other users/.test((err as Error).message)) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const url = databaseUrl(name);
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  // setReachable(false) terminates this pool's idle connections too; without a listener the pool's 'error'
  // event would be an unhandled error that fails the test. The next query simply opens a new connection.
  pool.on('error', () => undefined);
  return {
    name,
    url,
    pool,
    query: async (sql, params) => (await pool.query(sql, params as unknown[])).rows,
    setReachable: (reachable) =>
      asAdmin(async (c) => {
        await c.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS ${reachable}`);
        if (!reachable)
          await c.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [name]);
      }),
    drop: async () => {
      await pool.end().catch(() => undefined);
      await asAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
