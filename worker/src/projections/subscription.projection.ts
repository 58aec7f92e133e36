import type Stripe from 'stripe';
import { relinkCharges } from './charge.projection.js';
import { LOOKUP_OPTIONS, laterState } from '../../../core/src/read-model/later-state.js';
import type { Projection } from './projection.js';
import { readModel } from '../../../core/src/read-model/read-model.repository.js';
import {
  SUBSCRIPTION_CONTENT,
  toSubscriptionRow,
  type SubscriptionCore,
} from '../../../core/src/read-model/to-subscription-row.js';

/**
 * customer.subscription.* -> subscriptions. Cancellation ranks last, so an older `updated` (active) cannot
 * revive a deleted subscription. Charges already linked to it are re-derived (donor, frequency).
 */
export const subscriptionProjection: Projection = async (ctx, sub: Stripe.Subscription, at) => {
  await readModel.lock(ctx.db, 'subscriptions', sub.id);
  const stored = await readModel.find(ctx.db, 'subscriptions', sub.id);
  const state = await laterState<SubscriptionCore>(
    ctx,
    stored && { version: [Number(stored.last_event_created), stored.state_rank], row: stored },
    { version: [at, toSubscriptionRow(sub).state_rank], row: toSubscriptionRow(sub) },
    SUBSCRIPTION_CONTENT,
    async () => toSubscriptionRow(await ctx.stripe.subscriptions.retrieve(sub.id, {}, LOOKUP_OPTIONS)),
  );
  if (!state) return;
  await readModel.upsert(ctx.db, 'subscriptions', { ...state, last_event_created: at });
  await relinkCharges(ctx, await readModel.chargeIdsBySubscription(ctx.db, sub.id));
};
