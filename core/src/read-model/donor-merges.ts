import type { Queryable } from '../db/queryable.js';
import { lockRow, lockRows } from '../db/row-lock.js';
import { cached, rememberRows, type RowCache } from './read-model.repository.js';
import {
  applyContributionChange,
  chargeContribution,
  manualContribution,
  type ChargeFacts,
  type ManualFacts,
} from './aggregates.js';

/**
 * Donor merges in the read model (the tables are described in migrations/1764375000000-DonorMerges.ts).
 *
 * A merge moves the merged-away donor's gift rows to the kept donor through applyContributionChange, so
 * donor_totals and donor_years follow the rows, and the charge projection maps the merged-away customer to the
 * kept donor for every later event. One advisory lock orders the two: every charge write holds it shared
 * (taken before the charge's own lock), a merge or undo holds it exclusively. So a merge never misses a charge
 * that a projection is writing at that moment, and a projection never reads a charge row that a merge is
 * moving. Merges are rare; shared holders never wait for each other.
 */
const MERGES_KEY = 'donor_merges:all';

export type GiftKind = 'card' | 'manual';

/** Taken once per transaction: a batch transaction (LockMemory) remembers it holds it. */
export async function holdMergesShared(db: Queryable): Promise<void> {
  await lockRowsHoldingMerges(db, []);
}

/** holdMergesShared, then lockRows of `keys`, in one statement (the worker's batch: one round trip fewer). */
export async function lockRowsHoldingMerges(db: Queryable, keys: Iterable<string>): Promise<void> {
  await lockRows(db, keys, MERGES_KEY);
}

export async function holdMergesExclusive(db: Queryable): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [MERGES_KEY]);
}

export interface ActiveMerge {
  id: string;
  kept_id: string;
  merged_id: string;
}

/** The active merge that took `customerId` away, if any (donor_merges_active_idx). */
export async function activeMergeOf(db: Queryable, customerId: string): Promise<ActiveMerge | null> {
  return cached(db, `merge-of:${customerId}`, async () => {
    const rows = await db.query(
      `SELECT id, kept_id, merged_id FROM donor_merges WHERE merged_id = $1 AND undone_at IS NULL`,
      [customerId],
    );
    return rows[0] ?? null;
  });
}

/**
 * Reads ahead, for a batch transaction holding the merges lock shared (so no merge can change under it), the
 * active merges of the customers its charges name.
 */
export async function prefetchActiveMerges(db: Queryable & RowCache, customerIds: readonly string[]): Promise<void> {
  const ids = [...new Set(customerIds)];
  if (!ids.length) return;
  const cache = (db.prefetched ??= new Map());
  const rows: ActiveMerge[] = await db.query(
    `SELECT id, kept_id, merged_id FROM donor_merges WHERE merged_id = ANY($1::text[]) AND undone_at IS NULL`,
    [ids],
  );
  rememberRows(cache, 'merge-of', ids, rows, (r) => r.merged_id);
}

/** Notes that a gift now counts under the merge's kept donor (idempotent: a later event of the same charge). */
export async function recordMovedGift(db: Queryable, mergeId: string, kind: GiftKind, giftId: string): Promise<void> {
  await db.query(
    `INSERT INTO donor_merge_gifts (merge_id, gift_kind, gift_id) VALUES ($1, $2, $3) ON CONFLICT (gift_kind, gift_id) DO UPDATE SET merge_id = EXCLUDED.merge_id`,
    [mergeId, kind, giftId],
  );
}

/**
 * Re-points one charge to `to` and applies the difference to the aggregates; false when there is nothing to move.
 * Call under holdMergesExclusive.
 */
export async function moveCharge(db: Queryable, chargeId: string, to: string, timeZone: string): Promise<boolean> {
  await lockRow(db, 'charges', chargeId);
  const [before] = await db.query(`SELECT * FROM charges WHERE id = $1`, [chargeId]);
  if (!before || before.customer_id === to) return false;
  await db.query(`UPDATE charges SET customer_id = $2 WHERE id = $1`, [chargeId, to]);
  await applyContributionChange(
    db,
    chargeContribution(before as ChargeFacts),
    chargeContribution({ ...before, customer_id: to } as ChargeFacts),
    timeZone,
  );
  return true;
}

/** The same for a manual gift (one deleted since the merge is not there to move). */
export async function moveManualGift(db: Queryable, id: string, to: string, timeZone: string): Promise<boolean> {
  const [before] = await db.query(`SELECT * FROM manual_donations WHERE id = $1 FOR UPDATE`, [id]);
  if (!before || before.stripe_customer_id === to) return false;
  await db.query(`UPDATE manual_donations SET stripe_customer_id = $2 WHERE id = $1`, [id, to]);
  await applyContributionChange(
    db,
    manualContribution(before as ManualFacts),
    manualContribution({ ...before, stripe_customer_id: to } as ManualFacts),
    timeZone,
  );
  return true;
}
