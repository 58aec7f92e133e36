import { resolveDonationFacts, type DonationFacts } from './donation-facts.js';
import { LOOKUP_OPTIONS } from '../../../core/src/read-model/later-state.js';
import type { ProjectionContext } from './projection.js';
import { readModel } from '../../../core/src/read-model/read-model.repository.js';
import { toInvoiceRow } from '../../../core/src/read-model/to-invoice-row.js';
import { toSubscriptionRow } from '../../../core/src/read-model/to-subscription-row.js';
import type Stripe from 'stripe';
import { idOf } from '../../../core/src/read-model/stripe-object.js';
import { isBankDebit } from '../../../core/src/read-model/to-charge-row.js';
import {
  attributionFromMetadata,
  chargeAppealColumns,
  type ChargeAppealColumns,
} from '../../../core/src/appeals/appeal-attribution.js';
import { appeals } from '../../../core/src/appeals/appeals.repository.js';
import { renewalsCountFor } from '../../../core/src/appeals/appeal-rules.js';

export interface ChargeLinks extends DonationFacts, ChargeAppealColumns {
  invoice_id: string | null;
  subscription_id: string | null;
  customer_id: string | null;
}

interface LinkInput {
  id: string;
  payment_intent_id: string | null;
  customer_id: string | null;
  amount: number;
  metadata: Record<string, string>;
  brand: string | null;
  last4: string | null;
  invoice_id?: string | null;
  subscription_id?: string | null;
  frequency?: string | null;
}

/**
 * Links a charge to its payment intent, invoice and subscription, and derives the gift's donor and
 * frequency from them. Renewal charges carry no donation metadata, and on API 2026-10-28 neither the charge
 * nor the payment intent names its invoice: the read model's invoices (invoice.payments) answer first, and
 * only when they cannot (the invoice event has not arrived) is Stripe asked, with `allowStripe`. Whichever
 * event comes last (charge, payment intent, invoice, subscription) re-runs this, so the row converges.
 */
export async function resolveChargeLinks(
  ctx: ProjectionContext,
  charge: LinkInput,
  opts: { invoiceHint?: string | null; subscriptionFrequencyHint?: string | null; allowStripe: boolean },
): Promise<ChargeLinks> {
  const pi = charge.payment_intent_id
    ? await readModel.find<{ customer_id: string | null; metadata: Record<string, string> }>(
        ctx.db,
        'payment_intents',
        charge.payment_intent_id,
      )
    : null;
  let invoiceId = charge.invoice_id ?? opts.invoiceHint ?? null;
  let subscriptionId = charge.subscription_id ?? null;
  let invoiceCustomer: string | null = null;
  let billingReason: string | null = null;
  const invoice = invoiceId
    ? await readModel.find<{
        id: string;
        subscription_id: string | null;
        customer_id: string | null;
        billing_reason: string | null;
      }>(ctx.db, 'invoices', invoiceId)
    : ((charge.payment_intent_id ? await readModel.invoiceByPaymentIntent(ctx.db, charge.payment_intent_id) : null) ??
      (await readModel.invoiceByCharge(ctx.db, charge.id)));
  if (invoice) {
    invoiceId = invoice.id;
    subscriptionId = invoice.subscription_id ?? subscriptionId;
    invoiceCustomer = invoice.customer_id;
    billingReason = invoice.billing_reason ?? null;
  }

  let frequencyHint =
    opts.subscriptionFrequencyHint ?? (subscriptionId && charge.subscription_id ? (charge.frequency ?? null) : null);
  const oneTimeByMetadata = !!(charge.metadata.frequency || pi?.metadata?.frequency);
  if (!invoiceId && !oneTimeByMetadata && opts.allowStripe && charge.payment_intent_id) {
    const found = await lookupInvoiceOfPaymentIntent(ctx, charge.payment_intent_id);
    if (found) ({ invoiceId, subscriptionId, customerId: invoiceCustomer, billingReason } = found);
  }
  const subscription = subscriptionId
    ? await readModel.find<{ frequency: string | null; customer_id: string | null; metadata: Record<string, string> }>(
        ctx.db,
        'subscriptions',
        subscriptionId,
      )
    : null;
  if (subscriptionId && !subscription && !frequencyHint && !oneTimeByMetadata && opts.allowStripe) {
    frequencyHint = await lookupSubscriptionFrequency(ctx, subscriptionId);
  }

  const facts = resolveDonationFacts({
    amount: charge.amount,
    chargeMetadata: charge.metadata,
    paymentIntentMetadata: pi?.metadata ?? null,
    subscription,
    subscriptionFrequencyHint: frequencyHint,
    recurring: !!subscriptionId,
    paidWith: isBankDebit(charge) ? 'us_bank_account' : charge.brand ? 'card' : null,
  });
  const appeal = await appealColumns(
    ctx,
    charge.metadata,
    pi?.metadata ?? null,
    subscriptionId ? subscription : null,
    billingReason,
  );
  // Object.assign rather than spreads, as in chargeProjection (V8 builds such rows several times faster).
  return Object.assign({}, facts, appeal, {
    invoice_id: invoiceId,
    subscription_id: subscriptionId,
    customer_id: charge.customer_id ?? pi?.customer_id ?? invoiceCustomer ?? subscription?.customer_id ?? null,
  });
}

/**
 * The charge's appeal from Stripe's metadata (the charge's, its payment intent's, its plan's), credited by
 * chargeAppealColumns; the appeal is looked up only when the metadata names one.
 */
async function appealColumns(
  ctx: ProjectionContext,
  chargeMetadata: Record<string, string>,
  piMetadata: Record<string, string> | null,
  subscription: { metadata: Record<string, string> } | null,
  billingReason: string | null,
): Promise<ChargeAppealColumns> {
  const own = attributionFromMetadata(chargeMetadata, piMetadata);
  const plan = subscription ? attributionFromMetadata(subscription.metadata) : null;
  const named = (plan ?? own).appealId;
  const appeal = named ? await appeals.forAttribution(ctx.db, named) : null;
  return chargeAppealColumns({
    own,
    plan,
    firstOfPlan: billingReason === 'subscription_create',
    renewalsCount: renewalsCountFor(appeal?.goal_kind),
    appealExists: !!appeal,
  });
}

async function lookupInvoiceOfPaymentIntent(
  ctx: ProjectionContext,
  paymentIntentId: string,
): Promise<{
  invoiceId: string;
  subscriptionId: string | null;
  customerId: string | null;
  billingReason: string | null;
} | null> {
  try {
    const page = await ctx.stripe.invoicePayments.list(
      { payment: { type: 'payment_intent', payment_intent: paymentIntentId }, limit: 1, expand: ['data.invoice'] },
      LOOKUP_OPTIONS,
    );
    const ip = page.data[0];
    if (!ip) return null;
    const invoiceId = idOf(ip.invoice);
    if (!invoiceId) return null;
    const inv =
      typeof ip.invoice === 'object' && !('deleted' in ip.invoice && ip.invoice.deleted)
        ? ip.invoice
        : await ctx.stripe.invoices.retrieve(invoiceId, {}, LOOKUP_OPTIONS);
    const row = toInvoiceRow(inv as Stripe.Invoice);
    return {
      invoiceId,
      subscriptionId: row.subscription_id,
      customerId: row.customer_id,
      billingReason: row.billing_reason,
    };
  } catch (err) {
    ctx.warn('could not look up the invoice of a payment intent; the invoice event will link it', {
      paymentIntentId,
      err: (err as Error).message,
    });
    return null;
  }
}

async function lookupSubscriptionFrequency(ctx: ProjectionContext, subscriptionId: string): Promise<string | null> {
  try {
    return toSubscriptionRow(await ctx.stripe.subscriptions.retrieve(subscriptionId, {}, LOOKUP_OPTIONS)).frequency;
  } catch (err) {
    ctx.warn('could not look up a subscription; its event will set the frequency', {
      subscriptionId,
      err: (err as Error).message,
    });
    return null;
  }
}
