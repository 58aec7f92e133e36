import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A won dispute counts on the days it happened, as Stripe's balance shows it: what it withdrew on the day it was
 * opened, the same amount given back on the day it was won. Before, a won dispute left the totals altogether,
 * so a past month's Total Revenue changed when a dispute was won later and disagreed with Stripe's money lines.
 * - charges.dispute_reinstated_at: when a won dispute's funds came back; backfilled from its reversal balance
 *   transaction already read (reporting category dispute_reversal), else the time of the last dispute event.
 * Then daily_totals and monthly_totals are rebuilt from the rows by the rule of core/src/read-model/aggregates.ts
 * (chargeContribution, chargePartsSql), written out here in SQL: a migration imports no core code.
 * The rebuild reads TIME_ZONE from the environment the migration runs in (the app's default otherwise).
 */
export class WonDisputeDays1764705000000 implements MigrationInterface {
  name = 'WonDisputeDays1764705000000';

  async up(q: QueryRunner): Promise<void> {
    const timeZone = process.env.TIME_ZONE || 'America/Chicago';
    await q.query(`ALTER TABLE charges ADD COLUMN dispute_reinstated_at timestamptz`);
    await q.query(
      `UPDATE charges c SET dispute_reinstated_at = coalesce(
         (SELECT min(b.created) FROM balance_transactions b WHERE b.charge_id = c.id AND b.reporting_category = 'dispute_reversal'),
         to_timestamp(nullif(c.dispute_event_created, 0)))
        WHERE c.disputed AND c.dispute_status = 'won'`,
    );
    await q.query(`DELETE FROM daily_totals`);
    await q.query(`DELETE FROM monthly_totals`);
    await q.query(
      `INSERT INTO daily_totals (day, source, donation_type, brand, amount, count)
       SELECT (at AT TIME ZONE $1)::date, source, donation_type, brand, sum(amount), sum(count) FROM (
         SELECT p.at, 'card' AS source, coalesce(nullif(c.frequency, ''), 'one-time') AS donation_type,
                coalesce(nullif(c.brand, ''), 'unknown') AS brand, p.amount, p.count
           FROM charges c CROSS JOIN LATERAL (
             SELECT c.created AS at, c.amount - (c.amount_refunded - coalesce((SELECT sum((r->>'amount')::bigint) FROM jsonb_array_elements(c.refunds) r), 0)) AS amount, 1 AS count
             UNION ALL SELECT to_timestamp((r->>'created')::bigint), -(r->>'amount')::bigint, 0 FROM jsonb_array_elements(c.refunds) r
             UNION ALL SELECT coalesce(c.disputed_at, c.created), -(c.amount - c.amount_refunded), 0
              WHERE c.disputed AND (coalesce(c.dispute_status, '') NOT IN ('won', 'warning_closed') OR c.dispute_status IN ('won'))
             UNION ALL SELECT coalesce(c.dispute_reinstated_at, c.disputed_at, c.created), c.amount - c.amount_refunded, 0
              WHERE c.disputed AND c.dispute_status IN ('won')) p
          WHERE c.status = 'succeeded'
         UNION ALL
         SELECT donation_date, 'manual', donation_type, '', amount, 1 FROM manual_donations) parts
       GROUP BY 1, 2, 3, 4`,
      [timeZone],
    );
    await q.query(
      `INSERT INTO monthly_totals (month, source, donation_type, brand, amount, count)
       SELECT date_trunc('month', day)::date, source, donation_type, brand, sum(amount), sum(count) FROM daily_totals GROUP BY 1, 2, 3, 4`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE charges DROP COLUMN dispute_reinstated_at`);
  }
}
