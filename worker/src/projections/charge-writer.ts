import { applyContributionChange, chargeContribution, type ChargeFacts } from '../../../core/src/read-model/aggregates.js';
import type { ProjectionContext } from './projection.js';
import { readModel } from '../../../core/src/read-model/read-model.repository.js';
import type { ChargeRow } from '../../../core/src/read-model/to-charge-row.js';

/** A charges row as the database returns it (bigints as text, timestamps as Date). */
export type StoredCharge = ChargeRow & Record<string, unknown>;

/** Stored bigint columns come back as text; the guard and the aggregates want numbers. */
export function normaliseCharge(row: Record<string, any>): StoredCharge {
  return {
    ...row,
    amount: Number(row.amount),
    amount_refunded: Number(row.amount_refunded),
    last_event_created: Number(row.last_event_created),
    dispute_event_created: Number(row.dispute_event_created),
  } as StoredCharge;
}

/**
 * The only way a charge row changes. Under the charge's lock it reads the row, lets `next` compute the new
 * one (null = leave it), writes it, and applies (after - before) to daily_totals and donor_totals in the same
 * transaction, so the aggregates always equal the sum over the charges.
 */
export async function writeCharge(
  ctx: ProjectionContext,
  id: string,
  next: (before: StoredCharge | null) => Promise<ChargeRow | null> | ChargeRow | null,
): Promise<boolean> {
  await readModel.lock(ctx.db, 'charges', id);
  const found = await readModel.find(ctx.db, 'charges', id);
  const before = found ? normaliseCharge(found) : null;
  const after = await next(before);
  if (!after) return false;
  await readModel.upsert(ctx.db, 'charges', after as unknown as Record<string, unknown>);
  await applyContributionChange(
    ctx.db,
    chargeContribution(before as unknown as ChargeFacts | null),
    chargeContribution(after as unknown as ChargeFacts),
    ctx.timeZone,
  );
  return true;
}
