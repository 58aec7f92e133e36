import type Stripe from 'stripe';
import type { Queryable } from '../db/queryable.js';
import { donorBeforeAnyGift } from '../gifts/donor-origin.js';
import { hasGift } from './aggregates.js';
import { LOOKUP_OPTIONS, laterState, type ReadModelWrite } from './later-state.js';
import { readModel } from './read-model.repository.js';
import { DONOR_CONTENT, toDonorRow, type DonorCore } from './to-donor-row.js';

/**
 * The only way a donors row changes: the worker applies every customer event through it, and the admin API
 * applies the customer Stripe just created (read-your-writes) through it too, so both go through the same
 * mapping and the same ordering guard, under the same row lock.
 *
 * A deletion is a tombstone: `deleted_at` is set whatever the order of arrival, and no update, older or not,
 * clears it again. `is_donor` only ever turns on: at once for customers the public form did not create, else
 * when a gift already counted in donor_totals (a charge projected before its customer); later gifts turn it on
 * from the aggregates, under the same row lock.
 */
export async function writeCustomer(
  ctx: ReadModelWrite,
  customer: Stripe.Customer,
  at: number,
  deleted: boolean,
): Promise<void> {
  await readModel.lock(ctx.db, 'donors', customer.id);
  const stored = await readModel.find(ctx.db, 'donors', customer.id);
  const tombstone = stored?.deleted_at ?? (deleted ? new Date(at * 1000) : null);
  const state = await laterState<DonorCore>(
    ctx,
    stored && { version: [Number(stored.last_event_created), stored.deleted_at ? 1 : 0], row: stored },
    { version: [at, deleted ? 1 : 0], row: toDonorRow(customer) },
    DONOR_CONTENT,
    async () => {
      const fresh = await ctx.stripe.customers.retrieve(customer.id, {}, LOOKUP_OPTIONS);
      return 'deleted' in fresh && fresh.deleted ? null : toDonorRow(fresh as Stripe.Customer);
    },
  );
  if (state) {
    const isDonor = Boolean(stored?.is_donor) || donorBeforeAnyGift(customer) || (await hasGift(ctx.db, customer.id));
    await readModel.upsert(ctx.db, 'donors', {
      ...state,
      is_donor: isDonor,
      deleted_at: tombstone,
      last_event_created: at,
    });
  } else if (deleted && stored) {
    await tombstoneDonor(ctx.db, customer.id, tombstone!);
  }
}

/**
 * Marks a donor deleted at `at` unless it already is; the row and its history stay for tax reports. For the
 * admin's delete, whose Stripe answer carries nothing but the id, and for a deletion older than the stored state.
 */
export async function tombstoneDonor(db: Queryable, id: string, at: Date): Promise<void> {
  await readModel.lock(db, 'donors', id);
  const stored = await readModel.find(db, 'donors', id);
  if (stored && !stored.deleted_at)
    await readModel.upsert(db, 'donors', { id, deleted_at: at, created: stored.created });
}
