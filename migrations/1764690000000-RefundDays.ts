import type { MigrationInterface, QueryRunner } from 'typeorm';
import { rebuildTotals1764690000000 } from './frozen-sql.js';

/**
 * Refunds and disputes count on the day they happened in daily_totals and monthly_totals (Total Revenue, the
 * chart's "All gifts", the ledger's totals), as they already do in Stripe's money lines:
 * - charges.refunds: the charge's refunds (jsonb [{id, amount, created}], cents and epoch seconds), kept by the
 *   charge and refund projections; backfilled from the refund balance transactions already read;
 * - charges.disputed_at: when the dispute was opened; backfilled from the dispute's first balance transaction;
 * - charges_later_parts_idx: the charges with a refund or a dispute, for the ledger's total over a day range.
 * Then daily_totals and monthly_totals are rebuilt from the rows by the rule of core/src/read-model/aggregates.ts
 * (chargeContribution: the gift on its day less any refund no listed refund explains, each refund on its day,
 * what a dispute holds on the dispute's day), written out here in SQL: a migration imports no core code.
 * The rebuild reads TIME_ZONE from the environment the migration runs in (the app's default otherwise).
 */
export class RefundDays1764690000000 implements MigrationInterface {
  name = 'RefundDays1764690000000';

  async up(q: QueryRunner): Promise<void> {
    const timeZone = process.env.TIME_ZONE || 'America/Chicago';
    await q.query(
      `ALTER TABLE charges ADD COLUMN refunds jsonb NOT NULL DEFAULT '[]'::jsonb, ADD COLUMN disputed_at timestamptz`,
    );
    // The ledger's total over a day range also reads the gifts refunded or disputed before it: a handful of rows.
    await q.query(`CREATE INDEX charges_later_parts_idx ON charges (created) WHERE refunds <> '[]'::jsonb OR disputed`);
    await q.query(
      `UPDATE charges c SET refunds = r.list FROM (
         SELECT charge_id, jsonb_agg(jsonb_build_object('id', source_id, 'amount', -amount, 'created', extract(epoch FROM created)::bigint)
                ORDER BY created, source_id) AS list
           FROM balance_transactions WHERE type IN ('refund', 'payment_refund') AND charge_id IS NOT NULL AND source_id IS NOT NULL
          GROUP BY charge_id) r
        WHERE r.charge_id = c.id`,
    );
    await q.query(
      `UPDATE charges c SET disputed_at = d.at FROM (
         SELECT charge_id, min(created) AS at FROM balance_transactions
          WHERE type = 'adjustment' AND reporting_category = 'dispute' AND charge_id IS NOT NULL GROUP BY charge_id) d
        WHERE d.charge_id = c.id AND c.disputed`,
    );
    const cardParts = `SELECT c.created AS at, 'card' AS source, coalesce(nullif(c.frequency, ''), 'one-time') AS donation_type,
                coalesce(nullif(c.brand, ''), 'unknown') AS brand,
                c.amount - (c.amount_refunded - coalesce((SELECT sum((r->>'amount')::bigint) FROM jsonb_array_elements(c.refunds) r), 0)) AS amount,
                1 AS count
           FROM charges c WHERE c.status = 'succeeded'
         UNION ALL
         SELECT to_timestamp((r->>'created')::bigint), 'card', coalesce(nullif(c.frequency, ''), 'one-time'), coalesce(nullif(c.brand, ''), 'unknown'),
                -(r->>'amount')::bigint, 0
           FROM charges c CROSS JOIN LATERAL jsonb_array_elements(c.refunds) r WHERE c.status = 'succeeded'
         UNION ALL
         SELECT coalesce(c.disputed_at, c.created), 'card', coalesce(nullif(c.frequency, ''), 'one-time'), coalesce(nullif(c.brand, ''), 'unknown'),
                -(c.amount - c.amount_refunded), 0
           FROM charges c WHERE c.status = 'succeeded' AND c.disputed AND coalesce(c.dispute_status, '') NOT IN ('won', 'warning_closed')`;
    await rebuildTotals1764690000000(q, timeZone, cardParts);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS charges_later_parts_idx`);
    await q.query(`ALTER TABLE charges DROP COLUMN refunds, DROP COLUMN disputed_at`);
  }
}
