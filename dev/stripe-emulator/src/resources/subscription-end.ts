import type { Ctx } from '../core/context.js';
import { invalid } from '../core/errors.js';
import { publicCopy } from '../core/expand.js';
import type { Obj } from '../core/store.js';

/*
 * How a subscription ends and what that does to its invoices: a cancellation stops automatic collection of its
 * open invoices, and a renewal whose retries are used up acts on its subscription by the retry settings (cancel
 * it, mark it unpaid, or leave it past due). Invoices, their collection and subscriptions all call here, and
 * this imports none of them, so billing has no import loop.
 */

/** The subscription an invoice bills, if any. */
export function subscriptionOf(ctx: Ctx, inv: Obj): Obj | undefined {
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
  inv.next_payment_attempt =
    day === undefined ? null : Math.max(inv.__first_failed_at + Math.round(day * 86400), ctx.now() + 1);
}

/** Runs after `invoice.payment_failed` once no retry is left. */
export function finalFailure(ctx: Ctx, inv: Obj): void {
  if (
    inv.next_payment_attempt !== null ||
    inv.billing_reason === 'subscription_create' ||
    inv.status !== 'open' ||
    !inv.__first_failed_at
  )
    return;
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
    if (
      inv.status === 'open' &&
      inv.next_payment_attempt &&
      inv.parent?.subscription_details?.subscription === sub.id
    ) {
      inv.next_payment_attempt = null;
      inv.auto_advance = false;
    }
  }
}

export function cancelSubscription(ctx: Ctx, sub: Obj, reason = 'cancellation_requested'): Obj {
  if (sub.status === 'canceled')
    throw invalid(`No such subscription: '${sub.id}' (it is already canceled)`, undefined, 'resource_missing');
  const now = ctx.now();
  sub.status = 'canceled';
  sub.canceled_at = sub.canceled_at ?? now;
  sub.ended_at = now;
  sub.cancellation_details.reason = sub.cancellation_details.reason ?? reason;
  stopCollection(ctx, sub);
  ctx.store.changed();
  ctx.emit('customer.subscription.deleted', sub);
  return sub;
}
