import type Stripe from 'stripe';
import { LOOKUP_OPTIONS, laterState, type Projection, type ProjectionContext } from './projection.js';
import { readModel } from './read-model.repository.js';
import { DONOR_CONTENT, toDonorRow, type DonorRow } from './to-donor-row.js';

/**
 * customer.created/updated/deleted -> donors. A deletion is a tombstone: `deleted_at` is set whatever the
 * order of arrival, and no update, older or not, clears it again.
 */
async function projectCustomer(ctx: ProjectionContext, customer: Stripe.Customer, at: number, deleted: boolean): Promise<void> {
  await readModel.lock(ctx.db, 'donors', customer.id);
  const stored = await readModel.find(ctx.db, 'donors', customer.id);
  const tombstone = stored?.deleted_at ?? (deleted ? new Date(at * 1000) : null);
  const state = await laterState<DonorRow>(
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
    await readModel.upsert(ctx.db, 'donors', { ...state, deleted_at: tombstone, last_event_created: at });
  } else if (deleted && stored && !stored.deleted_at) {
    await readModel.upsert(ctx.db, 'donors', { id: customer.id, deleted_at: tombstone, created: stored.created });
  }
}

export const customerUpserted: Projection = (ctx, o, at) => projectCustomer(ctx, o, at, false);
export const customerDeleted: Projection = (ctx, o, at) => projectCustomer(ctx, o, at, true);
