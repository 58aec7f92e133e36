import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A dispute inquiry (statuses warning_needs_response, warning_under_review, warning_closed) withdraws nothing:
 * Stripe gives it no balance transaction, so the gift stays in every figure, as in Stripe's balance and payouts.
 * Before, an open inquiry took the gift out of the totals on the day it was opened and disagreed with both.
 * - charges.disputed_at of an inquiry escalated to a real dispute: the day Stripe withdrew the funds (its
 *   withdrawal line already read, reporting category dispute, made after the inquiry), not the inquiry's creation.
 * Then daily_totals and monthly_totals are rebuilt from the rows by the rule of core/src/read-model/day-totals.ts
 * (chargePartsSql, with the inquiry statuses among those keeping the funds), written out here in SQL: a migration
 * imports no core code. The rebuild reads TIME_ZONE from the environment the migration runs in (the app's
 * default otherwise).
 */
export class InquiryHoldsNoFunds1764720000000 implements MigrationInterface {
  name = 'InquiryHoldsNoFunds1764720000000';

  async up(q: QueryRunner): Promise<void> {
    const timeZone = process.env.TIME_ZONE || 'America/Chicago';
    await q.query(
      `UPDATE charges c SET disputed_at = w.at
         FROM (SELECT charge_id, min(created) AS at FROM balance_transactions WHERE reporting_category = 'dispute' GROUP BY charge_id) w
        WHERE w.charge_id = c.id AND c.disputed AND w.at > coalesce(c.disputed_at, c.created)
          AND coalesce(c.dispute_status, '') NOT IN ('warning_needs_response', 'warning_under_review', 'warning_closed')`,
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
              WHERE c.disputed AND (coalesce(c.dispute_status, '') NOT IN ('won', 'warning_needs_response', 'warning_under_review', 'warning_closed') OR c.dispute_status IN ('won'))
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

  async down(): Promise<void> {
    // The rows' inquiry days and totals are derived data; the old rule's totals are not worth restoring.
  }
}
