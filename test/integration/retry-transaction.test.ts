import pg from 'pg';
import { DataSource } from 'typeorm';
import { transactionWithRetry } from '../../core/src/db/retry-transaction.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

// A real deadlock between an API-side transaction and another session (the worker, in production): Postgres
// aborts one of the two, and the API side must run its transaction again rather than answer 500.
let db: TestDatabase;
let ds: DataSource;
beforeAll(async () => {
  db = await createTestDatabase();
  ds = await new DataSource({ type: 'postgres', url: db.url, poolSize: 2 }).initialize();
});
afterAll(async () => {
  await ds?.destroy();
  await db?.drop();
});

/** Resolves once some session waits for an advisory lock (the other side of the deadlock is in place). */
async function someoneWaitsForLock(): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    // pg_locks lists every database's locks: other suites running at the same time wait for theirs too.
    const [row] = await db.query(
      `SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND NOT granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    if (row.n > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('no session waits for the lock');
}

it('runs a transaction again when Postgres aborts it for a deadlock, and gives up on other errors', async () => {
  const other = new pg.Client({ connectionString: db.url });
  await other.connect();
  await other.query('BEGIN');
  // The other side detects deadlocks late, so this side is the one Postgres aborts.
  await other.query(`SET LOCAL deadlock_timeout = '5s'`);
  await other.query('SELECT pg_advisory_xact_lock(2)');
  let otherDone: Promise<unknown> | undefined;
  const runs: number[] = [];
  const result = await transactionWithRetry(ds, async (m) => {
    runs.push(runs.length + 1);
    await m.query(`SET LOCAL deadlock_timeout = '50ms'`);
    await m.query('SELECT pg_advisory_xact_lock(1)');
    if (runs.length === 1) {
      otherDone = other.query('SELECT pg_advisory_xact_lock(1)').then(() => other.query('COMMIT'));
      await someoneWaitsForLock();
    }
    await m.query('SELECT pg_advisory_xact_lock(2)');
    return 'done';
  });
  await otherDone;
  await other.end();
  expect(result).toBe('done');
  expect(runs).toEqual([1, 2]);

  let tries = 0;
  await expect(
    transactionWithRetry(ds, async (m) => {
      tries++;
      await m.query('SELECT 1/0');
    }),
  ).rejects.toThrow(/division by zero/);
  expect(tries).toBe(1);
});
