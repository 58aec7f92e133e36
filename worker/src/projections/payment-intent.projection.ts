import type Stripe from 'stripe';
import { relinkCharges } from './charge.projection.js';
import { LOOKUP_OPTIONS, laterState } from '../../../core/src/read-model/later-state.js';
import type { Projection } from './projection.js';
import { readModel } from '../../../core/src/read-model/read-model.repository.js';
import {
  PAYMENT_INTENT_CONTENT,
  toPaymentIntentRow,
  type PaymentIntentCore,
} from '../../../core/src/read-model/to-payment-intent-row.js';

/**
 * payment_intent.* -> payment_intents. The payment intent's metadata holds the donor's choice of frequency
 * for one-time gifts, so its charges are re-derived once it is known.
 */
export const paymentIntentProjection: Projection = async (ctx, pi: Stripe.PaymentIntent, at) => {
  await readModel.lock(ctx.db, 'payment_intents', pi.id);
  const stored = await readModel.find(ctx.db, 'payment_intents', pi.id);
  const incoming = toPaymentIntentRow(pi);
  incoming.invoice_id = incoming.invoice_id ?? stored?.invoice_id ?? null;
  const state = await laterState<PaymentIntentCore>(
    ctx,
    stored && { version: [Number(stored.last_event_created), stored.state_rank], row: stored },
    { version: [at, incoming.state_rank], row: incoming },
    PAYMENT_INTENT_CONTENT,
    async () => ({
      ...toPaymentIntentRow(await ctx.stripe.paymentIntents.retrieve(pi.id, {}, LOOKUP_OPTIONS)),
      invoice_id: incoming.invoice_id,
    }),
  );
  if (!state) return;
  await readModel.upsert(ctx.db, 'payment_intents', { ...state, last_event_created: at });
  await relinkCharges(ctx, await readModel.chargeIdsByPaymentIntent(ctx.db, pi.id));
};
