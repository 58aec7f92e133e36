import { netCentsSql } from '../gifts/net-amount.js';

/**
 * The gifts credited to appeals, one row each (appeal_id, customer_id, at, net, plan_start): succeeded charges at
 * the dashboard's net (refunds and disputes holding the funds taken out) and manual gifts at their amount. The
 * appeal totals' rebuild and the Appeals report's days read this one definition, so a day's figures add up to
 * the kept total. `$appeal` (optional) is the parameter naming one appeal, e.g. '$1'.
 */
export function appealGiftsSql(appealParam?: string): string {
  const one = (col: string) => (appealParam ? ` AND ${col} = ${appealParam}::uuid` : '');
  return `SELECT c.appeal_id, c.customer_id, c.created AS at, ${netCentsSql('c')} AS net, c.appeal_plan_start AS plan_start
            FROM charges c WHERE c.status = 'succeeded' AND c.appeal_id IS NOT NULL${one('c.appeal_id')}
          UNION ALL
          SELECT m.appeal_id, m.stripe_customer_id, m.donation_date, m.amount, false
            FROM manual_donations m WHERE m.appeal_id IS NOT NULL${one('m.appeal_id')}`;
}
