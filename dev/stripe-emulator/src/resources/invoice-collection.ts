import { dueSources, earliest, type DueTask } from '../core/clock.js';
import type { Ctx } from '../core/context.js';
import { invalid } from '../core/errors.js';
import { publicCopy } from '../core/expand.js';
import { bool, str, type Params } from '../core/params.js';
import type { Obj } from '../core/store.js';
import { attemptInvoicePayment, finalizeInvoice, getInvoice, markPaidOutOfBand } from './invoices.js';
import { confirmPaymentIntent } from './payment-intents.js';
import { cancelSubscription } from './subscriptions.js';

/**
 * How a failed renewal is retried, like the Dashboard's "Manage failed payments" settings: retry on these
 * days after the first failed attempt, then act on the subscription (cancel it, mark it unpaid, or leave it
 * past due) and on the invoice (mark it uncollectible or leave it open).
 */
export interface RetryPolicy {
  days: number[];
  subscription: 'cancel' | 'unpaid' | 'past_due';
  invoice: 'uncollectible' | 'open';
}

/** Stripe's recommended Smart Retries setting is "8 tries within 2 weeks"; these are the emulator's fixed days for it. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { days: [1, 3, 5, 7, 9, 11, 13, 14], subscription: 'cancel', invoice: 'uncollectible' };

/** Checks a partial policy (emulator option or `POST /_emulator/billing/retries`) and merges it over `base`. */
export function retryPolicy(base: RetryPolicy, input: Partial<Record<keyof RetryPolicy, unknown>>): RetryPolicy {
  const out = { ...base };
  if (input.days !== undefined) {
    const days = input.days;
    if (!Array.isArray(days) || days.length > 30 || !days.every((d, i) => typeof d === 'number' && d > 0 && d <= 60 && (i === 0 || d > (days[i - 1] as number)))) {
      throw invalid('days must be an increasing list of at most 30 numbers of days (0 < day <= 60) after the first failed attempt', 'days');
    }
    out.days = [...days] as number[];
  }
  if (input.subscription !== undefined) {
    if (!['cancel', 'unpaid', 'past_due'].includes(input.subscription as string)) throw invalid("subscription must be 'cancel', 'unpaid' or 'past_due'", 'subscription');
    out.subscription = input.subscription as RetryPolicy['subscription'];
  }
  if (input.invoice !== undefined) {
    if (!['uncollectible', 'open'].includes(input.invoice as string)) throw invalid("invoice must be 'uncollectible' or 'open'", 'invoice');
    out.invoice = input.invoice as RetryPolicy['invoice'];
  }
  return out;
}

function subscriptionOf(ctx: Ctx, inv: Obj): Obj | undefined {
  const id = inv.parent?.subscription_details?.subscription;
  return id ? ctx.store.get('subscriptions', id) : undefined;
}

/**
 * After a failed automatic attempt on a renewal: the next attempt by the schedule, or, when the schedule is
 * used up, the final-failure settings. The first invoice of a subscription is never retried (the subscription
 * stays incomplete and expires), and neither is an attempt the caller made with `POST /v1/invoices/:id/pay`.
 */
export function afterFailedAttempt(ctx: Ctx, inv: Obj, manual: boolean): void {
  if (manual || inv.billing_reason === 'subscription_create') {
    if (!manual) inv.next_payment_attempt = null;
    return;
  }
  inv.__first_failed_at = inv.__first_failed_at ?? ctx.now();
  const day = ctx.retries.days[inv.attempt_count - 1];
  inv.next_payment_attempt = day === undefined ? null : Math.max(inv.__first_failed_at + Math.round(day * 86400), ctx.now() + 1);
}

/** Runs after `invoice.payment_failed` once no retry is left. */
export function finalFailure(ctx: Ctx, inv: Obj): void {
  if (inv.next_payment_attempt !== null || inv.billing_reason === 'subscription_create' || inv.status !== 'open' || !inv.__first_failed_at) return;
  const policy = ctx.retries;
  inv.auto_advance = false;
  if (policy.invoice === 'uncollectible') {
    inv.status = 'uncollectible';
    inv.status_transitions.marked_uncollectible_at = ctx.now();
    ctx.emit('invoice.marked_uncollectible', inv);
  }
  ctx.store.changed();
  const sub = subscriptionOf(ctx, inv);
  if (!sub || sub.status === 'canceled') return;
  // Stripe leaves the subscription alone when a later invoice of it has been paid meanwhile.
  const latest = ctx.store.get('invoices', sub.latest_invoice);
  if (latest && latest.id !== inv.id && latest.status === 'paid') return;
  if (policy.subscription === 'cancel') cancelSubscription(ctx, sub, 'payment_failed');
  else if (policy.subscription === 'unpaid') {
    const before = publicCopy(sub);
    sub.status = 'unpaid';
    ctx.store.changed();
    ctx.emitUpdated('customer.subscription.updated', sub, before);
  }
}

/** Canceling a subscription stops automatic collection of its open invoices, as Stripe does by default. */
export function stopCollection(ctx: Ctx, sub: Obj): void {
  for (const inv of ctx.store.col('invoices').values()) {
    if (inv.status === 'open' && inv.next_payment_attempt && inv.parent?.subscription_details?.subscription === sub.id) {
      inv.next_payment_attempt = null;
      inv.auto_advance = false;
    }
  }
}

function* retryTasks(ctx: Ctx): Generator<DueTask> {
  for (const inv of ctx.store.col('invoices').values()) {
    if (inv.status !== 'open' || !inv.next_payment_attempt) continue;
    yield {
      at: inv.next_payment_attempt,
      run: () => {
        inv.next_payment_attempt = null;
        const sub = subscriptionOf(ctx, inv);
        if (sub && sub.status !== 'canceled') attemptInvoicePayment(ctx, inv, sub);
      },
    };
  }
}

dueSources.push((ctx, now) => earliest(retryTasks(ctx), now));

/**
 * `POST /v1/invoices/:id/pay`: one attempt now, off session, with `payment_method` (which must be the
 * customer's) or the subscription's, else the customer's default; a decline answers 402 and leaves the
 * invoice open with its retry schedule unchanged; a bank debit leaves it open, without a scheduled retry, until the
 * bank answers. `paid_out_of_band` marks it paid without a charge.
 */
export function payInvoice(ctx: Ctx, inv: Obj, p: Params): Obj {
  if (inv.status === 'paid') throw invalid('Invoice is already paid', undefined, 'invoice_unexpected_state');
  if (inv.status === 'void') throw invalid('This invoice can no longer be paid because it has been voided.', undefined, 'invoice_unexpected_state');
  const sub = subscriptionOf(ctx, inv);
  if (inv.status === 'draft') {
    if (!sub) throw invalid('This draft invoice cannot be finalized by the emulator.', undefined, 'invoice_unexpected_state');
    finalizeInvoice(ctx, inv, sub);
  }
  if (bool(p, 'paid_out_of_band')) return markPaidOutOfBand(ctx, inv);
  const offSession = bool(p, 'off_session') ?? true;
  const pmId = str(p, 'payment_method');
  if (pmId) {
    const pm = ctx.store.get('payment_methods', pmId);
    if (!pm || pm.customer !== inv.customer) {
      throw invalid(`The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`, 'payment_method', 'resource_missing');
    }
  }
  const customer = ctx.store.get('customers', inv.customer);
  const chosen = pmId ?? sub?.default_payment_method ?? customer?.invoice_settings?.default_payment_method;
  if (!chosen) throw invalid('This customer has no attached payment source or default payment method. Please consider adding a default payment method.', undefined, 'resource_missing');
  const pi = ctx.store.get('payment_intents', inv.__payment_intent)!;
  inv.__manual_attempt = true;
  try {
    confirmPaymentIntent(ctx, pi, { payment_method: chosen }, { offSession });
  } finally {
    delete inv.__manual_attempt;
  }
  // A bank debit under way: like Stripe, no retry is scheduled while it processes (its outcome decides).
  if (pi.status === 'processing' && inv.next_payment_attempt) {
    inv.next_payment_attempt = null;
    ctx.store.changed();
  }
  return getInvoice(ctx, inv.id);
}
