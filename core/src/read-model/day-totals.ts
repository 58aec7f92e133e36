import type { Queryable } from '../db/queryable.js';
import { DISPUTE_STATUSES_KEEPING_FUNDS } from '../gifts/net-amount.js';

/**
 * daily_totals and its monthly rollup from the gift rows in one pass (the bulk loader): the rows that applying
 * every gift through applyContributionChange leaves, by chargeContribution's parts: a succeeded charge on its
 * day (less any refunded amount no listed refund explains), each listed refund on the day it was made, and what
 * a dispute not won holds on the day it was opened; a manual gift on its day. Migration RefundDays1764690000000
 * writes the same statement out (a migration imports no core code).
 */
export async function rebuildDayTotals(db: Queryable, timeZone: string): Promise<void> {
  const kept = DISPUTE_STATUSES_KEEPING_FUNDS.map((s) => `'${s}'`).join(', ');
  const bucket = `'card', coalesce(nullif(c.frequency, ''), 'one-time'), coalesce(nullif(c.brand, ''), 'unknown')`;
  await db.query(`DELETE FROM daily_totals`);
  await db.query(`DELETE FROM monthly_totals`);
  await db.query(
    `INSERT INTO daily_totals (day, source, donation_type, brand, amount, count)
     SELECT (at AT TIME ZONE $1)::date, source, donation_type, brand, sum(amount), sum(count) FROM (
       SELECT c.created AS at, 'card' AS source, coalesce(nullif(c.frequency, ''), 'one-time') AS donation_type, coalesce(nullif(c.brand, ''), 'unknown') AS brand,
              c.amount - (c.amount_refunded - coalesce((SELECT sum((r->>'amount')::bigint) FROM jsonb_array_elements(c.refunds) r), 0)) AS amount, 1 AS count
         FROM charges c WHERE c.status = 'succeeded'
       UNION ALL
       SELECT to_timestamp((r->>'created')::bigint), ${bucket}, -(r->>'amount')::bigint, 0
         FROM charges c CROSS JOIN LATERAL jsonb_array_elements(c.refunds) r WHERE c.status = 'succeeded'
       UNION ALL
       SELECT coalesce(c.disputed_at, c.created), ${bucket}, -(c.amount - c.amount_refunded), 0
         FROM charges c WHERE c.status = 'succeeded' AND c.disputed AND coalesce(c.dispute_status, '') NOT IN (${kept})
       UNION ALL
       SELECT donation_date, 'manual', donation_type, '', amount, 1 FROM manual_donations) parts
     GROUP BY 1, 2, 3, 4`,
    [timeZone],
  );
  await db.query(
    `INSERT INTO monthly_totals (month, source, donation_type, brand, amount, count)
     SELECT date_trunc('month', day)::date, source, donation_type, brand, sum(amount), sum(count) FROM daily_totals GROUP BY 1, 2, 3, 4`,
  );
}
