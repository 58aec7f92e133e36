import type Stripe from 'stripe';
import { relinkCharges } from './charge.projection.js';
import { LOOKUP_OPTIONS, laterState } from '../../../core/src/read-model/later-state.js';
import type { Projection, ProjectionContext } from './projection.js';
import { readModel } from '../../../core/src/read-model/read-model.repository.js';
import { idOf } from '../../../core/src/read-model/stripe-object.js';
import {
  INVOICE_CONTENT,
  invoiceFrequencyHint,
  toInvoiceRow,
  type InvoiceCore,
  type InvoiceRow,
} from '../../../core/src/read-model/to-invoice-row.js';

/**
 * invoice.* -> invoices, and the renewal link: the charges of the invoice's payment get the invoice, its
 * subscription, the subscription's donor and frequency. The links are facts that do not age, so they are
 * applied even when the invoice event itself is older than the stored invoice.
 */
export const invoiceProjection: Projection = async (ctx, invoice: Stripe.Invoice, at) => {
  const id = invoice.id!;
  await readModel.lock(ctx.db, 'invoices', id);
  const stored = await readModel.find(ctx.db, 'invoices', id);
  const incoming = toInvoiceRow(invoice);
  if (!incoming.payment_intent_id && !incoming.charge_id && !stored?.payment_intent_id && invoice.status === 'paid') {
    incoming.payment_intent_id = await lookupInvoicePaymentIntent(ctx, id);
  }
  incoming.payment_intent_id = incoming.payment_intent_id ?? stored?.payment_intent_id ?? null;
  incoming.charge_id = incoming.charge_id ?? stored?.charge_id ?? null;
  incoming.subscription_id = incoming.subscription_id ?? stored?.subscription_id ?? null;
  const state = await laterState<InvoiceCore>(
    ctx,
    stored && { version: [Number(stored.last_event_created), stored.state_rank], row: stored },
    { version: [at, incoming.state_rank], row: incoming },
    INVOICE_CONTENT,
    async () => {
      const fresh = toInvoiceRow(await ctx.stripe.invoices.retrieve(id, {}, LOOKUP_OPTIONS));
      return {
        ...fresh,
        payment_intent_id: fresh.payment_intent_id ?? incoming.payment_intent_id,
        charge_id: fresh.charge_id ?? incoming.charge_id,
        subscription_id: fresh.subscription_id ?? incoming.subscription_id,
      };
    },
  );
  if (state) await readModel.upsert(ctx.db, 'invoices', { ...state, last_event_created: at });

  const row = (await readModel.find<InvoiceRow>(ctx.db, 'invoices', id))!;
  const chargeIds = new Set<string>(
    row.payment_intent_id ? await readModel.chargeIdsByPaymentIntent(ctx.db, row.payment_intent_id) : [],
  );
  if (row.charge_id) chargeIds.add(row.charge_id);
  await relinkCharges(ctx, [...chargeIds].sort(), {
    invoice_id: id,
    subscription_id: row.subscription_id,
    subscriptionFrequencyHint: invoiceFrequencyHint(invoice),
  });
};

/** Webhook invoices do not include `payments`; the invoice payments API names the payment intent. */
async function lookupInvoicePaymentIntent(ctx: ProjectionContext, invoiceId: string): Promise<string | null> {
  try {
    const page = await ctx.stripe.invoicePayments.list({ invoice: invoiceId, limit: 10 }, LOOKUP_OPTIONS);
    const paid = page.data.find((p) => p.status === 'paid') ?? page.data[0];
    return idOf(paid?.payment?.payment_intent);
  } catch (err) {
    ctx.warn('could not look up the payments of an invoice; its charge will link itself', {
      invoiceId,
      err: (err as Error).message,
    });
    return null;
  }
}
