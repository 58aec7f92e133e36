import { dueSources, earliest, runDue, type DueTask } from '../core/clock.js';
import type { Ctx } from '../core/context.js';
import { StripeApiError, invalid, missing, requiredParam } from '../core/errors.js';
import { publicCopy } from '../core/expand.js';
import { newId } from '../core/ids.js';
import { int, list, mergeMetadata, obj, str, strings, type Params } from '../core/params.js';
import type { Obj } from '../core/store.js';
import { bankPaymentWait } from './bank-payments.js';
import { addInterval, buildInvoice, buildSubscription, buildSubscriptionItem, itemPrice } from './billing-objects.js';
import { liveCustomer } from './customers.js';
import { attemptInvoicePayment, collectWhilePaused, finalizeInvoice, settleFreeInvoice } from './invoices.js';
import { cancelSubscription } from './subscription-end.js';
import { resolvePaymentMethod } from './payment-methods.js';

const BEHAVIOURS = new Set(['default_incomplete', 'allow_incomplete', 'error_if_incomplete', 'pending_if_incomplete']);
export const PRORATIONS = new Set(['create_prorations', 'none', 'always_invoice']);
/** Statuses whose periods still roll over (an unpaid one keeps invoicing without collecting). */
const RENEWING = new Set(['active', 'past_due', 'unpaid']);
/** An incomplete subscription whose first invoice is not paid within 23 hours expires. */
const INCOMPLETE_TTL = 23 * 3600;

export function getSubscription(ctx: Ctx, id: string): Obj {
  const sub = ctx.store.get('subscriptions', id);
  if (!sub) throw missing('subscription', id);
  return sub;
}

export function createSubscription(ctx: Ctx, p: Params): Obj {
  const customer = liveCustomer(ctx, str(p, 'customer', true)!);
  const items = list(p, 'items') as Params[];
  if (!items.length) throw requiredParam('items');
  const behaviour = str(p, 'payment_behavior') ?? 'allow_incomplete';
  if (!BEHAVIOURS.has(behaviour)) throw invalid('Invalid payment_behavior', 'payment_behavior');
  const saveDefault = (obj(p, 'payment_settings')?.save_default_payment_method as string | undefined) ?? 'off';
  const defaultPm = str(p, 'default_payment_method');
  const id = newId('sub');
  const now = ctx.now();
  const subItems = items.map((item, i) => {
    const price = itemPrice(ctx, item, i);
    const quantity = item.quantity === undefined ? 1 : Number(item.quantity);
    return { price, quantity };
  });
  const first = subItems[0].price.recurring;
  if (
    subItems.some(
      (s) => s.price.recurring.interval !== first.interval || s.price.recurring.interval_count !== first.interval_count,
    )
  ) {
    throw invalid(
      'All prices on a subscription must have the same recurring.interval and recurring.interval_count.',
      'items',
    );
  }
  // billing_cycle_anchor: the first period runs from now to the anchor (at most one natural period ahead);
  // it is free with proration_behavior=none, else billed pro rata; renewals then fall on the anchor's day.
  const proration = str(p, 'proration_behavior') ?? 'create_prorations';
  if (!PRORATIONS.has(proration))
    throw invalid(
      'Invalid proration_behavior: must be one of create_prorations, none, or always_invoice',
      'proration_behavior',
    );
  const natural = addInterval(now, first.interval, first.interval_count);
  const anchor = int(p, 'billing_cycle_anchor');
  if (anchor !== undefined && anchor <= now)
    throw invalid('billing_cycle_anchor cannot be in the past.', 'billing_cycle_anchor');
  if (anchor !== undefined && anchor > natural) {
    throw invalid(
      `billing_cycle_anchor cannot be later than next natural billing date (${natural}) for plan`,
      'billing_cycle_anchor',
    );
  }
  const end = anchor ?? natural;
  const sub = buildSubscription(ctx, {
    id,
    customer: customer.id,
    currency: subItems[0].price.currency,
    metadata: mergeMetadata({}, p),
    saveDefault,
    description: str(p, 'description') ?? null,
    items: subItems.map((s) => buildSubscriptionItem(ctx, id, s.price, s.quantity, now, end)),
  });
  if (defaultPm) sub.default_payment_method = resolvePaymentMethod(ctx, defaultPm, 'default_payment_method').id;
  // backdate_start_date: the subscription says it started then (start_date); with proration_behavior none, as the
  // demo history uses it, nothing is billed for the time before now.
  const backdate = int(p, 'backdate_start_date');
  if (backdate !== undefined && backdate > now)
    throw invalid('backdate_start_date cannot be in the future.', 'backdate_start_date');
  if (backdate !== undefined) sub.start_date = backdate;
  const pmTypes = strings(obj(p, 'payment_settings') ?? {}, 'payment_method_types');
  if (pmTypes.length) sub.payment_settings.payment_method_types = pmTypes;
  sub.__behaviour = behaviour;
  // __period counts whole periods after the anchor: the short first period before a future anchor is -1.
  sub.__period = anchor === undefined ? 0 : -1;
  if (anchor !== undefined) sub.billing_cycle_anchor = anchor;
  const share = anchor === undefined ? undefined : proration === 'none' ? 0 : (anchor - now) / (natural - now);
  const inv = buildInvoice(ctx, sub, customer, 'subscription_create', now, now, share);
  // Nothing due now: Stripe starts the subscription active, with a paid $0 invoice.
  const free = inv.amount_due === 0;
  if (free) sub.status = 'active';
  sub.latest_invoice = inv.id;
  ctx.store.put('subscriptions', sub);
  ctx.store.put('invoices', inv);
  ctx.emit('customer.subscription.created', sub);
  ctx.emit('invoice.created', inv);
  if (free) {
    settleFreeInvoice(ctx, inv);
    return sub;
  }
  finalizeInvoice(ctx, inv, sub);
  if (behaviour === 'default_incomplete') return sub;
  const pmId = sub.default_payment_method ?? customer.invoice_settings?.default_payment_method;
  if (!pmId)
    throw invalid(
      'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
      undefined,
      'resource_missing',
    );
  const paid = attemptInvoicePayment(ctx, inv, sub);
  if (!paid && behaviour === 'error_if_incomplete') {
    const pi = ctx.store.get('payment_intents', inv.__payment_intent)!;
    const err = pi.last_payment_error ?? {};
    throw new StripeApiError(402, 'card_error', err.message ?? 'Your card was declined.', {
      code: err.code,
      decline_code: err.decline_code,
      charge: err.charge,
    });
  }
  return sub;
}

/** Runs everything due up to the emulator clock, oldest first, each at its own moment (stamped `created`). */
export function runBilling(ctx: Ctx): void {
  runDue(ctx);
}

function* subscriptionTasks(ctx: Ctx): Generator<DueTask> {
  for (const sub of ctx.store.col('subscriptions').values()) {
    // A first payment still processing (a bank debit) keeps an incomplete subscription waiting for its outcome.
    if (sub.status === 'incomplete')
      yield {
        at: Math.max(sub.created + INCOMPLETE_TTL, bankPaymentWait(ctx, sub.latest_invoice)),
        run: () => expireIncomplete(ctx, sub),
      };
    if (RENEWING.has(sub.status)) yield { at: sub.items.data[0].current_period_end, run: () => renew(ctx, sub) };
  }
}

dueSources.push((ctx, now) => earliest(subscriptionTasks(ctx), now));

function expireIncomplete(ctx: Ctx, sub: Obj): void {
  const before = publicCopy(sub);
  sub.status = 'incomplete_expired';
  sub.ended_at = ctx.now();
  const inv = ctx.store.get('invoices', sub.latest_invoice);
  if (inv && inv.status === 'open') {
    inv.status = 'void';
    inv.status_transitions.voided_at = ctx.now();
    ctx.emit('invoice.voided', inv);
  }
  ctx.store.changed();
  ctx.emitUpdated('customer.subscription.updated', sub, before);
}

function renew(ctx: Ctx, sub: Obj): void {
  const item0 = sub.items.data[0];
  if (sub.cancel_at_period_end || (sub.cancel_at && sub.cancel_at <= item0.current_period_end)) {
    cancelSubscription(ctx, sub);
    return;
  }
  const before = publicCopy(sub);
  const oldStart = item0.current_period_start;
  const oldEnd = item0.current_period_end;
  const r = item0.price.recurring;
  sub.__period = (sub.__period ?? 0) + 1;
  const newEnd = addInterval(sub.billing_cycle_anchor, r.interval, r.interval_count * (sub.__period + 1));
  for (const item of sub.items.data) {
    item.current_period_start = oldEnd;
    item.current_period_end = newEnd;
  }
  const customer = ctx.store.get('customers', sub.customer)!;
  const inv = buildInvoice(ctx, sub, customer, 'subscription_cycle', oldStart, oldEnd);
  ctx.store.put('invoices', inv);
  sub.latest_invoice = inv.id;
  ctx.emit('invoice.created', inv);
  if (sub.pause_collection) {
    collectWhilePaused(ctx, inv, sub.pause_collection.behavior);
    ctx.emitUpdated('customer.subscription.updated', sub, before);
    return;
  }
  finalizeInvoice(ctx, inv, sub);
  ctx.emitUpdated('customer.subscription.updated', sub, before);
  // An unpaid subscription keeps invoicing but Stripe no longer tries to collect.
  if (sub.status !== 'unpaid') attemptInvoicePayment(ctx, inv, sub);
}
