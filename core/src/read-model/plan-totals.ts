import type { Queryable } from '../db/queryable.js';

/**
 * Recomputes plan_totals, recurring_donors and recurring_totals from the plans. The trigger on subscriptions
 * keeps them as plans change one by one; this is for a fresh start (the migration that creates them) and for
 * bulk loads that write with triggers off (session_replication_role = replica), where updating the same few
 * total rows once per inserted plan would serialize the writers.
 */
export async function rebuildPlanTotals(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM plan_totals`);
  await db.query(`DELETE FROM recurring_donors`);
  await db.query(`
    INSERT INTO plan_totals (plan_status, frequency, plans, amount)
    SELECT plan_status, coalesce(frequency, ''), count(*), coalesce(sum(amount), 0) FROM subscriptions GROUP BY 1, 2`);
  await db.query(`
    INSERT INTO recurring_donors (customer_id, active_plans)
    SELECT customer_id, count(*) FROM subscriptions WHERE plan_status = 'active' AND customer_id IS NOT NULL GROUP BY 1`);
  await db.query(`
    INSERT INTO recurring_totals (id, active_donors) VALUES (true, (SELECT count(*) FROM recurring_donors))
    ON CONFLICT (id) DO UPDATE SET active_donors = EXCLUDED.active_donors`);
}
