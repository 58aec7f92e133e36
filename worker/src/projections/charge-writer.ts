import {
  applyContributionChange,
  chargeContribution,
  type ChargeFacts,
} from '../../../core/src/read-model/aggregates.js';
import type { ProjectionContext } from './projection.js';
import { readModel } from '../../../core/src/read-model/read-model.repository.js';
import type { ChargeRow } from '../../../core/src/read-model/to-charge-row.js';
import { activeMergeOf, holdMergesShared, recordMovedGift } from '../../../core/src/read-model/donor-merges.js';

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
 * transaction (at once, or at the end of the worker's batch), so the aggregates always equal the sum over the charges.
 * A charge of a customer merged into another donor is written under the kept donor (and noted as moved by that
 * merge, so undoing it moves the charge back): the merges lock is held shared from before the charge's lock
 * (the worker's batch takes it before all its row locks).
 */
export async function writeCharge(
  ctx: ProjectionContext,
  id: string,
  next: (before: StoredCharge | null) => Promise<ChargeRow | null> | ChargeRow | null,
): Promise<boolean> {
  await holdMergesShared(ctx.db);
  await readModel.lock(ctx.db, 'charges', id);
  const found = await readModel.find(ctx.db, 'charges', id);
  const before = found ? normaliseCharge(found) : null;
  let after = await next(before);
  if (!after) return false;
  // A gift staff moved to another appeal stays there whatever its payment's metadata says.
  if (before?.appeal_moved)
    after = {
      ...after,
      appeal_id: before.appeal_id ?? null,
      appeal_plan_start: !!before.appeal_plan_start,
      appeal_moved: true,
    };
  const merge = after.customer_id ? await activeMergeOf(ctx.db, after.customer_id) : null;
  if (merge) {
    after = { ...after, customer_id: merge.kept_id };
    await recordMovedGift(ctx.db, merge.id, 'card', id);
  }
  await readModel.upsert(ctx.db, 'charges', after as unknown as Record<string, unknown>);
  const change = [
    chargeContribution(before as unknown as ChargeFacts | null),
    chargeContribution(after as unknown as ChargeFacts),
  ] as const;
  if (ctx.aggregates) ctx.aggregates.add(...change);
  else await applyContributionChange(ctx.db, ...change, ctx.timeZone);
  return true;
}
