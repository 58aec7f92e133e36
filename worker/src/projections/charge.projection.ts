import type Stripe from 'stripe';
import { resolveChargeLinks } from './charge-links.js';
import { writeCharge } from './charge-writer.js';
import { LOOKUP_OPTIONS, laterState } from '../../../core/src/read-model/later-state.js';
import type { Projection, ProjectionContext } from './projection.js';
import {
  CHARGE_CONTENT,
  chargeInvoiceHint,
  mergeRefunds,
  toChargeCore,
  type ChargeCore,
} from '../../../core/src/read-model/to-charge-row.js';

/**
 * charge.succeeded/failed/pending/updated/refunded/captured -> charges (and the aggregates).
 * Version: [created, status rank, amount_refunded]; refunds only grow, so on a tie the larger refund wins.
 * The dispute columns belong to the dispute events and are kept as they are; `disputed` only ever turns on.
 */
export const chargeProjection: Projection = async (ctx, charge: Stripe.Charge, at) => {
  await writeCharge(ctx, charge.id, async (before) => {
    const incoming = toChargeCore(charge);
    const core = await laterState<ChargeCore>(
      ctx,
      before && { version: [before.last_event_created, before.state_rank, before.amount_refunded], row: before },
      { version: [at, ...versionTail(incoming)], row: incoming },
      CHARGE_CONTENT,
      async () => toChargeCore(await ctx.stripe.charges.retrieve(charge.id, {}, LOOKUP_OPTIONS)),
    );
    if (!core) return null;
    const links = await resolveChargeLinks(
      ctx,
      {
        id: core.id,
        payment_intent_id: core.payment_intent_id,
        customer_id: core.customer_id,
        amount: core.amount,
        metadata: core.metadata,
        brand: core.brand,
        last4: core.last4,
        invoice_id: before?.invoice_id,
        subscription_id: before?.subscription_id,
        frequency: before?.frequency,
      },
      { invoiceHint: chargeInvoiceHint(charge), allowStripe: true },
    );
    // Object.assign, not spreads: V8 (Node 20) built this 40-column row from two spreads 10x slower (50 µs a
    // charge, the largest line of the worker's CPU profile).
    return Object.assign({}, core, links, {
      // Refunds only add up: those the row knew (from a refund event or an earlier charge event) stay.
      refunds: mergeRefunds(
        before?.refunds,
        core.refunds.map((r) => ({ ...r, status: 'succeeded' })),
      ),
      disputed: core.disputed || !!before?.disputed,
      dispute_id: before?.dispute_id ?? null,
      dispute_status: before?.dispute_status ?? null,
      disputed_at: before?.disputed_at ?? null,
      dispute_reinstated_at: before?.dispute_reinstated_at ?? null,
      dispute_event_created: before?.dispute_event_created ?? 0,
      dispute_rank: before?.dispute_rank ?? 0,
      last_event_created: at,
    });
  });
};

function versionTail(core: ChargeCore): number[] {
  return [core.state_rank, core.amount_refunded];
}

/**
 * Re-derives links and donation facts of charges after a payment intent, invoice or subscription they
 * depend on changed (no Stripe calls: the news is in the read model now).
 */
export async function relinkCharges(
  ctx: ProjectionContext,
  chargeIds: string[],
  link: { invoice_id?: string; subscription_id?: string | null; subscriptionFrequencyHint?: string | null } = {},
): Promise<void> {
  for (const id of chargeIds) {
    await writeCharge(ctx, id, async (before) => {
      if (!before) return null;
      const links = await resolveChargeLinks(
        ctx,
        {
          ...before,
          invoice_id: link.invoice_id ?? before.invoice_id,
          subscription_id: link.subscription_id ?? before.subscription_id,
        },
        { subscriptionFrequencyHint: link.subscriptionFrequencyHint, allowStripe: false },
      );
      return { ...before, ...links };
    });
  }
}

/**
 * refund.created/updated -> the refund in its charge's refunds (the day it counts on in the totals). Stripe's
 * charge events on recent API versions list no refunds, so the refund's own event brings its day. A refund of
 * a charge not yet stored waits for the charge's own events (which list its refunds, where Stripe does).
 */
export const refundOnCharge: Projection = async (ctx, refund: Stripe.Refund) => {
  const chargeId = typeof refund.charge === 'string' ? refund.charge : refund.charge?.id;
  if (!chargeId) return;
  await writeCharge(ctx, chargeId, (before) => {
    if (!before) return null;
    const refunds = mergeRefunds(before.refunds, [refund]);
    return JSON.stringify(refunds) === JSON.stringify(before.refunds ?? []) ? null : { ...before, refunds };
  });
};
