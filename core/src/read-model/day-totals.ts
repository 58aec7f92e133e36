import type { Queryable } from '../db/queryable.js';
import { DISPUTE_STATUSES_KEEPING_FUNDS, DISPUTE_STATUSES_REINSTATED } from '../gifts/net-amount.js';

/**
 * chargeContribution's parts by day as SQL rows (at, amount, count) of the succeeded charge `c` (use it in a
 * LATERAL join): the gift on its day (less any refunded amount no listed refund explains), each listed refund on
 * the day it was made, what a dispute holding the funds or won withdrew on the day it withdrew them (disputed_at:
 * an escalated inquiry's escalation, see disputeColumns), and what a won dispute gave back on the day it was
 * reinstated. An inquiry, at any status, is in the kept list and withdraws nothing. They add up to netCents.
 */
export function chargePartsSql(c: string): string {
  const list = (xs: readonly string[]) => xs.map((s) => `'${s}'`).join(', ');
  const [kept, won] = [list(DISPUTE_STATUSES_KEEPING_FUNDS), list(DISPUTE_STATUSES_REINSTATED)];
  const opened = `coalesce(${c}.disputed_at, ${c}.created)`;
  return `SELECT ${c}.created AS at, ${c}.amount - (${c}.amount_refunded - coalesce((SELECT sum((r->>'amount')::bigint) FROM jsonb_array_elements(${c}.refunds) r), 0)) AS amount, 1 AS count
     UNION ALL SELECT to_timestamp((r->>'created')::bigint), -(r->>'amount')::bigint, 0 FROM jsonb_array_elements(${c}.refunds) r
     UNION ALL SELECT ${opened}, -(${c}.amount - ${c}.amount_refunded), 0
      WHERE ${c}.disputed AND (coalesce(${c}.dispute_status, '') NOT IN (${kept}) OR ${c}.dispute_status IN (${won}))
     UNION ALL SELECT coalesce(${c}.dispute_reinstated_at, ${opened}), ${c}.amount - ${c}.amount_refunded, 0
      WHERE ${c}.disputed AND ${c}.dispute_status IN (${won})`;
}

/**
 * daily_totals and its monthly rollup from the gift rows in one pass (the bulk loader), into the folded tables (no delta left): the rows that applying
 * every gift through applyContributionChange leaves, each charge by its parts (chargePartsSql), a manual gift on
 * its day. Migration InquiryHoldsNoFunds1764720000000 writes the same statement out (a migration imports no core code).
 */
export async function rebuildDayTotals(db: Queryable, timeZone: string): Promise<void> {
  await db.query(`DELETE FROM total_deltas`);
  await db.query(`DELETE FROM daily_totals_folded`);
  await db.query(`DELETE FROM monthly_totals_folded`);
  await db.query(
    `INSERT INTO daily_totals_folded (day, source, donation_type, brand, amount, count)
     SELECT (at AT TIME ZONE $1)::date, source, donation_type, brand, sum(amount), sum(count) FROM (
       SELECT p.at, 'card' AS source, coalesce(nullif(c.frequency, ''), 'one-time') AS donation_type, coalesce(nullif(c.brand, ''), 'unknown') AS brand,
              p.amount, p.count
         FROM charges c CROSS JOIN LATERAL (${chargePartsSql('c')}) p WHERE c.status = 'succeeded'
       UNION ALL
       SELECT donation_date, 'manual', donation_type, '', amount, 1 FROM manual_donations) parts
     GROUP BY 1, 2, 3, 4`,
    [timeZone],
  );
  await db.query(
    `INSERT INTO monthly_totals_folded (month, source, donation_type, brand, amount, count)
     SELECT date_trunc('month', day)::date, source, donation_type, brand, sum(amount), sum(count) FROM daily_totals_folded GROUP BY 1, 2, 3, 4`,
  );
}
