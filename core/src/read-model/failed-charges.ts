import type { Queryable } from '../db/queryable.js';

/**
 * Recomputes failed_charge_total, the count of card charges that failed, from the charges. The trigger on
 * charges (migrations/1764500000000-FailedChargeTotal.ts) keeps it as charges change; this is for the migration
 * that creates it and for bulk loads that write with triggers off.
 */
export async function rebuildFailedChargeTotal(db: Queryable): Promise<void> {
  await db.query(`
    INSERT INTO failed_charge_total (id, charges) VALUES (true, (SELECT count(*) FROM charges WHERE status = 'failed'))
    ON CONFLICT (id) DO UPDATE SET charges = EXCLUDED.charges`);
}
