import type Stripe from 'stripe';
import { LOOKUP_OPTIONS, laterState } from '../../../core/src/read-model/later-state.js';
import type { Projection, ProjectionContext } from './projection.js';
import { readModel } from '../../../core/src/read-model/read-model.repository.js';
import {
  PAYMENT_METHOD_CONTENT,
  toPaymentMethodRow,
  type PaymentMethodCore,
} from '../../../core/src/read-model/to-payment-method-row.js';

/**
 * payment_method.attached/detached/updated -> payment_methods. Detaching is final in Stripe (a detached
 * method cannot be attached again), so `detached_at` is a tombstone like a deleted donor; the row keeps the
 * customer it belonged to.
 */
async function projectPaymentMethod(
  ctx: ProjectionContext,
  pm: Stripe.PaymentMethod,
  at: number,
  detached: boolean,
): Promise<void> {
  await readModel.lock(ctx.db, 'payment_methods', pm.id);
  const stored = await readModel.find(ctx.db, 'payment_methods', pm.id);
  const tombstone = stored?.detached_at ?? (detached ? new Date(at * 1000) : null);
  const incoming = toPaymentMethodRow(pm);
  if (detached || tombstone) incoming.customer_id = incoming.customer_id ?? stored?.customer_id ?? null;
  const state = await laterState<PaymentMethodCore>(
    ctx,
    stored && { version: [Number(stored.last_event_created), stored.detached_at ? 1 : 0], row: stored },
    { version: [at, detached ? 1 : 0], row: incoming },
    PAYMENT_METHOD_CONTENT,
    async () => {
      const fresh = toPaymentMethodRow(await ctx.stripe.paymentMethods.retrieve(pm.id, {}, LOOKUP_OPTIONS));
      return { ...fresh, customer_id: fresh.customer_id ?? incoming.customer_id };
    },
  );
  if (state) {
    await readModel.upsert(ctx.db, 'payment_methods', { ...state, detached_at: tombstone, last_event_created: at });
  } else if (detached && stored && !stored.detached_at) {
    await readModel.upsert(ctx.db, 'payment_methods', { id: pm.id, detached_at: tombstone, created: stored.created });
  }
}

export const paymentMethodUpserted: Projection = (ctx, o, at) => projectPaymentMethod(ctx, o, at, false);
export const paymentMethodDetached: Projection = (ctx, o, at) => projectPaymentMethod(ctx, o, at, true);
