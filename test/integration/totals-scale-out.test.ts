import pg from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../../core/src/db/data-source.js';
import type { Queryable } from '../../core/src/db/queryable.js';
import { AggregateBatch } from '../../core/src/read-model/aggregate-batch.js';
import { foldTotalDeltas } from '../../core/src/read-model/total-deltas.js';
import { migrations } from '../../migrations/index.js';
import { cardGift } from '../helpers/card-gift.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const TZ = 'America/Chicago';

const gift = (customerId: string, amount: number) => cardGift(customerId, new Date('2026-11-20T18:00:00Z'), amount);

/**
 * Several workers project at once (issue 31): two batches with gifts on the same day, of different donors,
 * each in its own open transaction, write their day and month totals without one waiting for the other, and
 * every reader of daily_totals and monthly_totals sees the exact sums before and after the deltas are folded.
 */
describe('day and month totals with several workers', () => {
  let db: TestDatabase;
  let ds: DataSource;
  const clients: pg.Client[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = createDataSource(db.url, { migrations, poolSize: 2 });
    await ds.initialize();
  });
  afterAll(async () => {
    for (const c of clients) await c.end();
    await ds.destroy();
    await db.drop();
  });

  // pg's promise form of Client#query (its overloads would otherwise pick the callback one).
  const clientQuery = pg.Client.prototype.query as (sql: string, params?: unknown[]) => Promise<pg.QueryResult>;

  async function transaction(): Promise<pg.Client & Queryable> {
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    clients.push(c);
    await c.query(`BEGIN`);
    // A batch that had to wait for the other's row locks fails here instead of hanging the test.
    await c.query(`SET LOCAL lock_timeout = '2s'`);
    return Object.assign(c, {
      query: ((sql: string, params?: unknown[]) => clientQuery.call(c, sql, params).then((r) => r.rows)) as never,
    });
  }

  const totals = async () => ({
    day: await db.query(
      `SELECT day::text, amount::int, count FROM daily_totals WHERE brand = 'visa' AND day = '2026-11-20'`,
    ),
    month: await db.query(
      `SELECT month::text, amount::int, count FROM monthly_totals WHERE brand = 'visa' AND month = '2026-11-01'`,
    ),
  });

  it('two open batches on the same day write their totals without waiting, and every read is exact', async () => {
    const a = await transaction();
    const b = await transaction();
    const first = new AggregateBatch();
    first.add(null, gift('cus_scale_a', 2500));
    await first.flush(a, TZ);
    const second = new AggregateBatch();
    second.add(null, gift('cus_scale_b', 1000));
    // The first batch has not committed; before issue 31 this waited on today's row and hit the lock timeout.
    await second.flush(b, TZ);
    await b.query(`COMMIT`);
    expect(await totals()).toEqual({
      day: [{ day: '2026-11-20', amount: 1000, count: 1 }],
      month: [{ month: '2026-11-01', amount: 1000, count: 1 }],
    });
    // A fold while the first batch is still open folds what has committed and leaves the rest for later.
    expect(await foldTotalDeltas(ds)).toBe(1);
    await a.query(`COMMIT`);
    const both = {
      day: [{ day: '2026-11-20', amount: 3500, count: 2 }],
      month: [{ month: '2026-11-01', amount: 3500, count: 2 }],
    };
    expect(await totals()).toEqual(both);
    expect(await foldTotalDeltas(ds)).toBe(1);
    expect(await totals()).toEqual(both);
    expect(await db.query(`SELECT count(*)::int AS n FROM total_deltas`)).toEqual([{ n: 0 }]);
    expect(await db.query(`SELECT amount::int, count FROM daily_totals_folded WHERE brand = 'visa'`)).toEqual([
      { amount: 3500, count: 2 },
    ]);
  });

  it('one fold at a time: a worker whose turn another fold holds skips it', async () => {
    const other = await transaction();
    await other.query(`SELECT pg_advisory_xact_lock(hashtextextended('fold:total_deltas', 0))`);
    expect(await foldTotalDeltas(ds)).toBe(-1);
    await other.query(`ROLLBACK`);
    expect(await foldTotalDeltas(ds)).toBe(0);
  });
});
