import {
  applyContributionChange,
  chargeContribution,
  manualContribution,
} from '../../core/src/read-model/aggregates.js';
import { generateHistory, type HistoryOptions } from '../../dev/demo-history/generator/index.js';
import { loadBulk, rebuildAggregates } from '../fixtures/loaders/bulk.js';
import { startStack, type Stack } from '../helpers/stack.js';

const history: HistoryOptions = {
  seed: 99,
  donors: 400,
  months: 14,
  endDate: new Date('2026-01-15T12:00:00Z'),
  manualShare: 0.08,
};
const TZ = 'America/Chicago';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ emulator: false, workers: 0 });
}, 60_000);
afterAll(async () => stack?.stop());

const daily = () =>
  stack.db.query(
    `SELECT day::text, source, donation_type, brand, amount::bigint::text, count FROM daily_totals WHERE count <> 0 OR amount <> 0 ORDER BY 1, 2, 3, 4`,
  );
const monthly = () =>
  stack.db.query(
    `SELECT month::text, source, donation_type, brand, amount::bigint::text, count FROM monthly_totals WHERE count <> 0 OR amount <> 0 ORDER BY 1, 2, 3, 4`,
  );
const donors = () =>
  stack.db.query(
    `SELECT customer_id, total_amount::text, donation_count, first_gift_at, last_gift_at FROM donor_totals ORDER BY customer_id`,
  );

const years = () => stack.db.query(`SELECT year, customer_id, amount::text, count FROM donor_years ORDER BY 1, 2`);

describe('bulk loader', () => {
  it('writes every generated row and aggregates equal to applying each gift through applyContributionChange', async () => {
    const result = await loadBulk(stack.db.pool, {
      history,
      sliceDonors: 150,
      batchRows: 500,
      timeZone: TZ,
      deferIndexes: true,
    });
    const generated = generateHistory(history);
    expect(result.donors).toBe(400);
    expect(result.charges).toBe(generated.cardGifts.length);
    const [counts] = await stack.db.query(
      `SELECT (SELECT count(*) FROM donors)::int AS donors, (SELECT count(*) FROM charges)::int AS charges,
              (SELECT count(*) FROM manual_donations)::int AS manual, (SELECT count(*) FROM subscriptions)::int AS subs,
              (SELECT count(*) FROM charges WHERE disputed)::int AS disputed, (SELECT count(*) FROM charges WHERE status = 'failed')::int AS failed,
              (SELECT count(*) FROM pg_indexes WHERE tablename = 'charges')::int AS charge_indexes`,
    );
    expect(counts).toMatchObject({
      donors: 400,
      charges: generated.cardGifts.length,
      manual: generated.manualGifts.length,
      subs: generated.subscriptions.length,
      disputed: generated.cardGifts.filter((g) => g.disputed).length,
      failed: generated.cardGifts.filter((g) => g.outcome === 'declined').length,
    });
    expect(counts.charge_indexes).toBeGreaterThanOrEqual(5); // deferred indexes are rebuilt

    // Independent arithmetic from the generator's output: net card money plus manual money.
    const cardNet = generated.cardGifts
      .filter((g) => g.outcome === 'succeeded' && !g.disputed)
      .reduce((s, g) => s + g.amountCents - (g.refundCents ?? 0), 0);
    const manual = generated.manualGifts.reduce((s, m) => s + m.amountCents, 0);
    const [sums] = await stack.db.query(
      `SELECT sum(amount)::bigint::text AS total, sum(count)::int AS n FROM daily_totals`,
    );
    expect(Number(sums.total)).toBe(cardNet + manual);
    expect(sums.n).toBe(
      generated.cardGifts.filter((g) => g.outcome === 'succeeded').length + generated.manualGifts.length,
    );

    // Refunds and disputes count in the month they happened, not the month of their gift.
    const monthOf = (d: Date) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit' }).format(d);
    const byMonth = new Map<string, number>();
    const add = (d: Date, c: number) => byMonth.set(monthOf(d), (byMonth.get(monthOf(d)) ?? 0) + c);
    for (const g of generated.cardGifts.filter((x) => x.outcome === 'succeeded')) {
      add(g.at, g.amountCents);
      if (g.refundCents) add(g.laterAt!, -g.refundCents);
      if (g.disputed) add(g.laterAt!, -(g.amountCents - (g.refundCents ?? 0)));
    }
    for (const m of generated.manualGifts) add(m.at, m.amountCents);
    const months = await stack.db.query(
      `SELECT to_char(month, 'YYYY-MM') AS month, sum(amount)::bigint::text AS amount FROM monthly_totals GROUP BY 1 ORDER BY 1`,
    );
    expect(months.map((r: { month: string; amount: string }) => [r.month, Number(r.amount)])).toEqual(
      [...byMonth.entries()].sort(([a], [b]) => a.localeCompare(b)),
    );
    const crossing = generated.cardGifts.filter((g) => g.laterAt && monthOf(g.laterAt) !== monthOf(g.at));
    expect(crossing.length).toBeGreaterThan(0);

    const bulkDaily = await daily();
    const bulkDonors = await donors();
    const bulkMonthly = await monthly();
    const bulkYears = await years();
    expect(bulkYears.length).toBeGreaterThan(400);
    expect(bulkMonthly.length).toBeGreaterThan(10);
    expect(bulkDaily.length).toBeGreaterThan(100);

    // The reference: empty aggregates, then every row through the worker's own incremental code.
    await stack.db.query(
      `DELETE FROM daily_totals; DELETE FROM monthly_totals; DELETE FROM donor_totals; DELETE FROM donor_years`,
    );
    const client = await stack.db.pool.connect();
    try {
      await client.query('BEGIN');
      const charges = (
        await client.query(
          `SELECT status, amount, amount_refunded, disputed, dispute_status, frequency, brand, customer_id, created, refunds, disputed_at FROM charges`,
        )
      ).rows;
      for (const c of charges) await applyContributionChange(client, null, chargeContribution(c), TZ);
      const manuals = (
        await client.query(`SELECT amount, donation_type, stripe_customer_id, donation_date FROM manual_donations`)
      ).rows;
      for (const m of manuals) await applyContributionChange(client, null, manualContribution(m), TZ);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(await daily()).toEqual(bulkDaily);
    expect(await monthly()).toEqual(bulkMonthly);
    expect(await donors()).toEqual(bulkDonors);
    expect(await years()).toEqual(bulkYears);

    // And rebuilding from the rows again gives the same tables.
    await rebuildAggregates(stack.db.pool, TZ);
    expect(await daily()).toEqual(bulkDaily);
    expect(await monthly()).toEqual(bulkMonthly);
    expect(await donors()).toEqual(bulkDonors);
  }, 120_000);

  it('leaves the plan totals as the trigger on subscriptions would, plan by plan', async () => {
    const totals = async () => ({
      plans: await stack.db.query(
        `SELECT plan_status, frequency, plans, amount::text FROM plan_totals WHERE plans <> 0 OR amount <> 0 ORDER BY 1, 2`,
      ),
      donors: await stack.db.query(`SELECT customer_id, active_plans FROM recurring_donors ORDER BY 1`),
      active: (await stack.db.query(`SELECT active_donors FROM recurring_totals`))[0].active_donors,
    });
    const bulk = await totals();
    expect(bulk.plans.map((r: { plan_status: string }) => r.plan_status)).toEqual(
      expect.arrayContaining(['active', 'canceled']),
    );
    expect(bulk.active).toBe(bulk.donors.length);
    expect(bulk.active).toBeGreaterThan(0);
    // Every plan out and back in, one row at a time through the trigger.
    const columns = (
      await stack.db.query(
        `SELECT string_agg(column_name, ', ') AS c FROM information_schema.columns WHERE table_name = 'subscriptions' AND is_generated = 'NEVER'`,
      )
    )[0].c;
    const client = await stack.db.pool.connect();
    try {
      await client.query(`CREATE TEMP TABLE plans_copy AS SELECT ${columns} FROM subscriptions`);
      await client.query(`DELETE FROM subscriptions`);
      expect((await client.query(`SELECT count(*)::int AS n FROM plan_totals WHERE plans <> 0`)).rows[0].n).toBe(0);
      await client.query(`INSERT INTO subscriptions (${columns}) SELECT ${columns} FROM plans_copy ORDER BY id`);
    } finally {
      client.release();
    }
    expect(await totals()).toEqual(bulk);
  });

  it('keeps the count of failed charges as the trigger on charges would, change by change', async () => {
    const client = await stack.db.pool.connect();
    const count = async () =>
      (
        await client.query(
          `SELECT (SELECT charges FROM failed_charge_total)::int AS kept, (SELECT count(*)::int FROM charges WHERE status = 'failed') AS counted`,
        )
      ).rows[0];
    try {
      const bulk = await count();
      expect(bulk.kept).toBe(bulk.counted);
      expect(bulk.kept).toBeGreaterThan(0);
      await client.query('BEGIN');
      const [failed] = (await client.query(`SELECT id FROM charges WHERE status = 'failed' ORDER BY id LIMIT 2`)).rows;
      await client.query(`UPDATE charges SET status = 'succeeded' WHERE id = $1`, [failed.id]);
      expect(await count()).toEqual({ kept: bulk.kept - 1, counted: bulk.kept - 1 });
      await client.query(`UPDATE charges SET status = 'failed', amount = amount + 1 WHERE id = $1`, [failed.id]);
      await client.query(`UPDATE charges SET amount = amount + 1 WHERE status = 'failed'`);
      expect(await count()).toEqual({ kept: bulk.kept, counted: bulk.kept });
      await client.query(`DELETE FROM charges WHERE id = $1`, [failed.id]);
      expect(await count()).toEqual({ kept: bulk.kept - 1, counted: bulk.kept - 1 });
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    }
  });

  it('puts December above the average month and keeps recurring renewals linked to their subscription', async () => {
    const months = await stack.db.query(
      `SELECT to_char(day, 'YYYY-MM') AS m, sum(amount)::bigint AS amount FROM daily_totals WHERE source = 'card' AND donation_type = 'one-time' GROUP BY 1`,
    );
    const avg = months.reduce((s: number, r: any) => s + Number(r.amount), 0) / months.length;
    expect(Number(months.find((r: any) => r.m === '2025-12').amount)).toBeGreaterThan(avg);
    const [link] = await stack.db.query(
      `SELECT count(*)::int AS renewals, count(s.id)::int AS linked FROM charges c LEFT JOIN subscriptions s ON s.id = c.subscription_id
        WHERE c.frequency <> 'one-time'`,
    );
    expect(link.renewals).toBeGreaterThan(0);
    expect(link.linked).toBe(link.renewals);
  });
});
