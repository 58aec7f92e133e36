import type { DataSource } from 'typeorm';
import { createDataSource } from '../../core/src/db/data-source.js';
import type { Queryable } from '../../core/src/db/queryable.js';
import { AggregateBatch } from '../../core/src/read-model/aggregate-batch.js';
import type { Contribution } from '../../core/src/read-model/aggregates.js';
import { migrations } from '../../migrations/index.js';
import { cardGift } from '../helpers/card-gift.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';

const TZ = 'America/Chicago';
const T = (day: number) => new Date(Date.UTC(2026, 10, day, 18));

/**
 * A donor's first and last gift (donor_totals) as the worker's batches keep them: a batch that only adds gifts
 * moves them with least/greatest, one in which a donor loses a gift re-reads them from the gift rows. After
 * every batch they equal min/max over the rows.
 */
describe("a donor's first and last gift, kept by the batches", () => {
  let db: TestDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = createDataSource(db.url, { migrations, poolSize: 2 });
    await ds.initialize();
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  const gift = (customerId: string, at: Date, amount = 1000) => cardGift(customerId, at, amount);

  /** Writes the charges rows as a projection would, and the batch of their changes, in one transaction. */
  async function batch(
    changes: Array<{ id: string; before: Contribution | null; after: Contribution | null }>,
  ): Promise<void> {
    await ds.transaction(async (m) => {
      const tx: Queryable = { query: (sql, params) => m.query(sql, params) };
      const aggregates = new AggregateBatch();
      for (const { id, before, after } of changes) {
        await tx.query(
          `INSERT INTO charges (id, amount, amount_refunded, currency, status, customer_id, created)
           VALUES ($1, $2, $3, 'usd', 'succeeded', $4, $5)
           ON CONFLICT (id) DO UPDATE SET amount_refunded = EXCLUDED.amount_refunded, customer_id = EXCLUDED.customer_id`,
          [id, 1000, 1000 - after!.amount, after!.customerId, after!.at.toISOString()],
        );
        aggregates.add(before, after);
      }
      await aggregates.flush(tx, TZ);
    });
  }

  const kept = () =>
    db.query(`SELECT customer_id, first_gift_at, last_gift_at FROM donor_totals ORDER BY 1`) as Promise<unknown[]>;
  const fromRows = () =>
    db.query(
      `SELECT customer_id, min(created) AS first_gift_at, max(created) AS last_gift_at FROM charges
        WHERE status = 'succeeded' GROUP BY 1 ORDER BY 1`,
    ) as Promise<unknown[]>;

  it('moves with added gifts and is re-read when a gift is lost', async () => {
    await batch([{ id: 'ch_fl_2', before: null, after: gift('cus_fl_a', T(12)) }]);
    expect(await kept()).toEqual(await fromRows());

    // An earlier and a later gift in one batch: first moves back, last forward.
    await batch([
      { id: 'ch_fl_3', before: null, after: gift('cus_fl_a', T(20)) },
      { id: 'ch_fl_1', before: null, after: gift('cus_fl_a', T(5)) },
    ]);
    expect(await kept()).toEqual([{ customer_id: 'cus_fl_a', first_gift_at: T(5), last_gift_at: T(20) }]);
    expect(await kept()).toEqual(await fromRows());

    // The first gift moves to another donor: the first donor's first gift is re-read (the 12th), the other's set.
    await batch([{ id: 'ch_fl_1', before: gift('cus_fl_a', T(5)), after: gift('cus_fl_b', T(5)) }]);
    expect(await kept()).toEqual([
      { customer_id: 'cus_fl_a', first_gift_at: T(12), last_gift_at: T(20) },
      { customer_id: 'cus_fl_b', first_gift_at: T(5), last_gift_at: T(5) },
    ]);
    expect(await kept()).toEqual(await fromRows());

    // A partial refund of the last gift: the gift is rewritten on its own instant, first and last stay.
    await batch([{ id: 'ch_fl_3', before: gift('cus_fl_a', T(20)), after: gift('cus_fl_a', T(20), 600) }]);
    expect(await kept()).toEqual([
      { customer_id: 'cus_fl_a', first_gift_at: T(12), last_gift_at: T(20) },
      { customer_id: 'cus_fl_b', first_gift_at: T(5), last_gift_at: T(5) },
    ]);
    expect(await kept()).toEqual(await fromRows());
  });
});
