import type { Ctx } from '../core/context.js';
import { StripeApiError, invalid, missing } from '../core/errors.js';
import { bool, int, mergeMetadata, plain, str, type Params } from '../core/params.js';
import { publicCopy } from '../core/expand.js';
import { newId } from '../core/ids.js';
import type { Obj } from '../core/store.js';
import { afterFailedAttempt, finalFailure } from './subscription-end.js';
import { buildPaymentIntent, confirmPaymentIntent } from './payment-intents.js';
import { paymentOutcomeHooks } from './payment-outcomes.js';
import { setInvoiceIntentTypes } from './payment-method-types.js';

export function getInvoice(ctx: Ctx, id: string, param = 'id'): Obj {
  const inv = ctx.store.get('invoices', id);
  if (!inv) throw missing('invoice', id, param);
  return inv;
}

/** What a finalized invoice still lets you change; the rest of INVOICE_FIELDS only while it is a draft. */
const INVOICE_ANYTIME = new Set(['metadata', 'description', 'footer', 'auto_advance']);
const INVOICE_DRAFT_ONLY = new Set([
  'collection_method',
  'days_until_due',
  'due_date',
  'default_payment_method',
  'custom_fields',
  'statement_descriptor',
]);

/**
 * `POST /v1/invoices/:id`: metadata (a key set to '' is removed), description, footer and auto_advance at any
 * time; the draft-only fields (collection, due date, default payment method...) are refused once finalized.
 * One `invoice.updated` with the previous values of what changed. The snapshot a finalized invoice took of the
 * customer (`customer_name`, `customer_email`, ...) and of its subscription's metadata stays as it was.
 */
export function updateInvoice(ctx: Ctx, inv: Obj, p: Params): Obj {
  const unknown = Object.keys(p).find((k) => !INVOICE_ANYTIME.has(k) && !INVOICE_DRAFT_ONLY.has(k));
  if (unknown) throw invalid(`Received unknown parameter: ${unknown}`, unknown, 'parameter_unknown');
  const late = inv.status === 'draft' ? undefined : Object.keys(p).find((k) => INVOICE_DRAFT_ONLY.has(k));
  if (late) throw invalid(`You can only update \`${late}\` on a draft invoice; this invoice is ${inv.status}.`, late);
  const metadata = mergeMetadata(inv.metadata, p);
  const autoAdvance = bool(p, 'auto_advance');
  const before = publicCopy(inv);
  inv.metadata = metadata;
  for (const k of ['description', 'footer', 'statement_descriptor'] as const)
    if (p[k] !== undefined) inv[k] = str(p, k) ?? null;
  if (autoAdvance !== undefined) inv.auto_advance = autoAdvance;
  if (p.collection_method !== undefined) inv.collection_method = str(p, 'collection_method', true);
  if (p.days_until_due !== undefined || p.due_date !== undefined)
    inv.due_date = int(p, 'due_date') ?? ctx.now() + (int(p, 'days_until_due') ?? 0) * 86_400;
  if (p.default_payment_method !== undefined) inv.default_payment_method = str(p, 'default_payment_method') ?? null;
  if (p.custom_fields !== undefined) inv.custom_fields = plain(p.custom_fields);
  ctx.store.changed();
  ctx.emitUpdated('invoice.updated', inv, before);
  return inv;
}

/** Open, with the customer's next invoice number and its hosted page: what every finalized invoice gets. */
export function markFinalized(ctx: Ctx, inv: Obj): void {
  const customer = ctx.store.get('customers', inv.customer)!;
  const seq = customer.next_invoice_sequence ?? 1;
  customer.next_invoice_sequence = seq + 1;
  Object.assign(inv, {
    status: 'open',
    number: `${customer.invoice_prefix}-${String(seq).padStart(4, '0')}`,
    effective_at: ctx.now(),
    hosted_invoice_url: `${ctx.baseUrl}/invoices/${inv.id}`,
    invoice_pdf: `${ctx.baseUrl}/invoices/${inv.id}`,
  });
  inv.status_transitions.finalized_at = ctx.now();
}

/**
 * Finalizing gives the invoice its number and a payment intent for the amount due; since API 2025-03-31
 * the intent is reachable through `confirmation_secret` and the `payments` list (and, for older code,
 * `expand[]=payment_intent`). Subscription metadata is NOT copied onto the payment intent (Stripe does not).
 */
export function finalizeInvoice(ctx: Ctx, inv: Obj, sub: Obj): Obj {
  const pi = buildPaymentIntent(ctx, {
    amount: inv.amount_due,
    currency: inv.currency,
    customer: inv.customer,
    description: inv.billing_reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
    setup_future_usage: sub.payment_settings?.save_default_payment_method === 'on_subscription' ? 'off_session' : null,
  });
  pi.__invoice = inv.id;
  setInvoiceIntentTypes(pi, sub.payment_settings?.payment_method_types ?? null);
  pi.payment_details = { customer_reference: null, order_reference: inv.id };
  ctx.store.put('payment_intents', pi);
  ctx.emit('payment_intent.created', pi);
  const payment = ctx.store.put('invoice_payments', {
    id: newId('inpay'),
    object: 'invoice_payment',
    amount_paid: null,
    amount_requested: inv.amount_due,
    created: ctx.now(),
    currency: inv.currency,
    invoice: inv.id,
    is_default: true,
    livemode: false,
    payment: { payment_intent: pi.id, type: 'payment_intent' },
    status: 'open',
    status_transitions: { canceled_at: null, paid_at: null },
  });
  markFinalized(ctx, inv);
  inv.confirmation_secret = { client_secret: pi.client_secret, type: 'payment_intent' };
  inv.payments.data = [publicCopy(payment)];
  inv.payments.total_count = 1;
  inv.__payment_intent = pi.id;
  inv.__payment = payment.id;
  ctx.store.changed();
  ctx.emit('invoice.finalized', inv);
  return pi;
}

/**
 * An invoice with nothing due (the free first period of a subscription anchored in the future with
 * `proration_behavior: none`): Stripe finalizes it and marks it paid at once, with no payment intent and no
 * charge.
 */
export function settleFreeInvoice(ctx: Ctx, inv: Obj): void {
  markFinalized(ctx, inv);
  ctx.emit('invoice.finalized', inv);
  Object.assign(inv, {
    status: 'paid',
    amount_paid: 0,
    amount_remaining: 0,
    attempted: true,
    auto_advance: false,
    next_payment_attempt: null,
  });
  inv.status_transitions.paid_at = ctx.now();
  ctx.store.changed();
  ctx.emit('invoice.paid', inv);
  ctx.emit('invoice.payment_succeeded', inv);
}

/**
 * A renewal while collection is paused: the invoice is still made, but nothing is charged. `void` finalizes
 * and voids it, `mark_uncollectible` finalizes it and marks it uncollectible, `keep_as_draft` leaves a draft.
 */
export function collectWhilePaused(ctx: Ctx, inv: Obj, behavior: string): void {
  inv.auto_advance = false;
  if (behavior === 'keep_as_draft') return;
  markFinalized(ctx, inv);
  ctx.emit('invoice.finalized', inv);
  if (behavior === 'void') {
    inv.status = 'void';
    inv.status_transitions.voided_at = ctx.now();
    inv.amount_remaining = 0;
    ctx.emit('invoice.voided', inv);
  } else {
    inv.status = 'uncollectible';
    inv.status_transitions.marked_uncollectible_at = ctx.now();
    ctx.emit('invoice.marked_uncollectible', inv);
  }
  ctx.store.changed();
}

/** Off-session attempt with the subscription's (or customer's) default payment method; false on failure. */
export function attemptInvoicePayment(ctx: Ctx, inv: Obj, sub: Obj): boolean {
  const pi = ctx.store.get('payment_intents', inv.__payment_intent)!;
  const customer = ctx.store.get('customers', inv.customer);
  const pmId = sub.default_payment_method ?? customer?.invoice_settings?.default_payment_method ?? null;
  if (!pmId) {
    recordFailure(ctx, inv, sub);
    return false;
  }
  try {
    confirmPaymentIntent(ctx, pi, { payment_method: pmId }, { offSession: true });
    return true;
  } catch (err) {
    if (err instanceof StripeApiError && err.status === 402) return false;
    throw err;
  }
}

function onPaymentOutcome(ctx: Ctx, pi: Obj, charge: Obj, pm: Obj): void {
  if (!pi.__invoice) return;
  const inv = ctx.store.get('invoices', pi.__invoice);
  if (!inv) return;
  const sub = ctx.store.get('subscriptions', inv.parent?.subscription_details?.subscription);
  if (charge.status !== 'succeeded') {
    recordFailure(ctx, inv, sub);
    return;
  }
  const now = ctx.now();
  const payment = ctx.store.get('invoice_payments', inv.__payment);
  if (payment) {
    payment.status = 'paid';
    payment.amount_paid = pi.amount;
    payment.status_transitions.paid_at = now;
    inv.payments.data = [publicCopy(payment)];
  }
  Object.assign(inv, {
    amount_paid: inv.amount_due,
    amount_remaining: 0,
    attempted: true,
    attempt_count: inv.attempt_count + 1,
    status: 'paid',
    next_payment_attempt: null,
  });
  inv.status_transitions.paid_at = now;
  ctx.store.changed();
  ctx.emit('invoice.paid', inv);
  ctx.emit('invoice.payment_succeeded', inv);
  if (payment) ctx.emit('invoice_payment.paid', payment);
  settleSubscription(ctx, inv, sub, pm.id);
}

function recordFailure(ctx: Ctx, inv: Obj, sub: Obj | undefined): void {
  inv.attempted = true;
  inv.attempt_count += 1;
  afterFailedAttempt(ctx, inv, !!inv.__manual_attempt);
  ctx.store.changed();
  ctx.emit('invoice.payment_failed', inv);
  if (sub && sub.status === 'active') {
    const before = publicCopy(sub);
    sub.status = 'past_due';
    ctx.emitUpdated('customer.subscription.updated', sub, before);
  }
  if (!inv.__manual_attempt) finalFailure(ctx, inv);
}

/** `pay` with `paid_out_of_band`: paid outside Stripe, so no charge and no `invoice.payment_succeeded`. */
export function markPaidOutOfBand(ctx: Ctx, inv: Obj): Obj {
  Object.assign(inv, {
    amount_paid: 0,
    amount_remaining: 0,
    status: 'paid',
    next_payment_attempt: null,
    auto_advance: false,
  });
  inv.status_transitions.paid_at = ctx.now();
  ctx.store.changed();
  ctx.emit('invoice.paid', inv);
  settleSubscription(ctx, inv, ctx.store.get('subscriptions', inv.parent?.subscription_details?.subscription));
  return inv;
}

/**
 * A paid invoice brings a subscription waiting on payment back to active once none of its invoices is left
 * open; a subscription saving its default payment method takes the one that paid.
 */
function settleSubscription(ctx: Ctx, inv: Obj, sub: Obj | undefined, pmId?: string): void {
  if (!sub) return;
  const before = publicCopy(sub);
  const waiting = ['incomplete', 'past_due', 'unpaid'].includes(sub.status);
  if (
    waiting &&
    ![...ctx.store.col('invoices').values()].some(
      (o) => o.status === 'open' && o.id !== inv.id && o.parent?.subscription_details?.subscription === sub.id,
    )
  ) {
    sub.status = 'active';
  }
  if (pmId && sub.payment_settings?.save_default_payment_method === 'on_subscription')
    sub.default_payment_method = pmId;
  ctx.store.changed();
  ctx.emitUpdated('customer.subscription.updated', sub, before);
}

paymentOutcomeHooks.push(onPaymentOutcome);
