import { dueSources, earliest, type DueTask } from '../core/clock.js';
import type { Ctx } from '../core/context.js';
import { invalid, missing } from '../core/errors.js';
import { publicCopy } from '../core/expand.js';
import { bool, int, list, mergeMetadata, obj, str, type Params } from '../core/params.js';
import type { Obj } from '../core/store.js';
import { buildSubscriptionItem, itemPrice, planOf } from './billing-objects.js';
import { cancelSubscription } from './subscription-end.js';
import { PRORATIONS } from './subscriptions.js';

const PAUSE_BEHAVIOURS = new Set(['keep_as_draft', 'mark_uncollectible', 'void']);
/** What Stripe still lets you change on a canceled subscription. */
const AFTER_CANCEL = new Set(['metadata', 'cancellation_details']);

/**
 * `POST /v1/subscriptions/:id`: metadata, description, default_payment_method (attached to the customer),
 * items (a new price or quantity on an existing item id, new items, `deleted`), pause_collection (or '' to
 * resume), cancel_at_period_end, cancel_at and cancellation_details; one `customer.subscription.updated`
 * with the previous values of what changed.
 */
export function updateSubscription(ctx: Ctx, sub: Obj, p: Params): Obj {
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
    const other = Object.keys(p).find((k) => !AFTER_CANCEL.has(k));
    if (other) throw invalid('A canceled subscription can only update its cancellation_details and metadata.', other);
  }
  // Everything is checked before anything changes, so a refused update leaves the subscription as it was.
  const metadata = mergeMetadata(sub.metadata, p);
  const proration = str(p, 'proration_behavior') ?? 'create_prorations';
  if (!PRORATIONS.has(proration))
    throw invalid(
      'Invalid proration_behavior: must be one of create_prorations, none, or always_invoice',
      'proration_behavior',
    );
  const items = p.items === undefined ? undefined : plannedItems(ctx, sub, list(p, 'items') as Params[], proration);
  const pause = p.pause_collection === undefined ? undefined : pauseCollection(ctx, p);
  const pmId =
    p.default_payment_method === undefined
      ? undefined
      : customerPaymentMethod(ctx, sub, str(p, 'default_payment_method'));
  const cape = bool(p, 'cancel_at_period_end');
  const cancelAt = p.cancel_at === undefined ? undefined : (int(p, 'cancel_at') ?? null);
  if (cancelAt && cancelAt <= ctx.now()) throw invalid('cancel_at must be in the future.', 'cancel_at');
  const details = obj(p, 'cancellation_details');

  const before = publicCopy(sub);
  sub.metadata = metadata;
  if (p.description !== undefined) sub.description = str(p, 'description') ?? null;
  if (pmId !== undefined) sub.default_payment_method = pmId;
  if (items) {
    sub.items.data = items;
    sub.items.total_count = items.length;
  }
  if (pause !== undefined) sub.pause_collection = pause;
  const periodEnd = sub.items.data[0].current_period_end;
  if (cape !== undefined) scheduleCancel(ctx, sub, cape ? periodEnd : null);
  if (cancelAt !== undefined) scheduleCancel(ctx, sub, cancelAt, cancelAt === periodEnd);
  if (details) applyCancellationDetails(sub, details);
  ctx.store.changed();
  ctx.emitUpdated('customer.subscription.updated', sub, before);
  return sub;
}

/** `DELETE /v1/subscriptions/:id`: ends it now. `invoice_now` and `prorate` are accepted (nothing is metered, and unused time is not credited). */
export function cancelSubscriptionNow(ctx: Ctx, sub: Obj, p: Params): Obj {
  bool(p, 'invoice_now');
  bool(p, 'prorate');
  if (sub.status === 'canceled')
    throw invalid(`No such subscription: '${sub.id}' (it is already canceled)`, undefined, 'resource_missing');
  const details = obj(p, 'cancellation_details');
  if (details) applyCancellationDetails(sub, details);
  return cancelSubscription(ctx, sub);
}

function applyCancellationDetails(sub: Obj, details: Params): void {
  for (const k of ['comment', 'feedback'] as const)
    if (details[k] !== undefined) sub.cancellation_details[k] = details[k] || null;
}

function scheduleCancel(ctx: Ctx, sub: Obj, at: number | null, atPeriodEnd = at !== null): void {
  sub.cancel_at_period_end = atPeriodEnd;
  sub.cancel_at = at;
  // Stripe stamps canceled_at with the time of the request that scheduled the cancellation.
  sub.canceled_at = at === null ? null : ctx.now();
  sub.cancellation_details.reason = at === null ? null : 'cancellation_requested';
}

function customerPaymentMethod(ctx: Ctx, sub: Obj, id: string | undefined): string | null {
  if (!id) return null;
  const pm = ctx.store.get('payment_methods', id);
  if (!pm || pm.customer !== sub.customer) {
    throw invalid(
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
      'default_payment_method',
      'resource_missing',
    );
  }
  return pm.id;
}

/**
 * The items after the changes: a new price or quantity on an existing item id, new items, `deleted` ones. The
 * changes show on the items at once and are billed from the next invoice; with `proration_behavior: none`
 * nothing is billed for the current period. Prorating inside the period is not modelled, so a change in the
 * middle of a period must ask for `none`. The billing interval cannot change.
 */
function plannedItems(ctx: Ctx, sub: Obj, changes: Params[], proration: string): Obj[] {
  const items = (sub.items.data as Obj[]).map((x) => structuredClone(x));
  const {
    current_period_start: start,
    current_period_end: end,
    price: { recurring: r },
  } = items[0];
  let changed = false;
  changes.forEach((c, i) => {
    if (typeof c !== 'object' || Array.isArray(c)) throw invalid('Invalid array', 'items');
    const id = typeof c.id === 'string' ? c.id : undefined;
    const item = id ? items.find((x) => x.id === id) : undefined;
    if (id && !item) throw missing('subscription item', id, `items[${i}][id]`);
    if (item && c.deleted === 'true') {
      items.splice(items.indexOf(item), 1);
      changed = true;
      return;
    }
    const price = c.price !== undefined || c.price_data !== undefined ? itemPrice(ctx, c, i) : undefined;
    if (price && (price.recurring.interval !== r.interval || price.recurring.interval_count !== r.interval_count)) {
      throw invalid(
        "The emulator cannot change a subscription's billing interval: all prices must have the subscription's recurring.interval and recurring.interval_count.",
        'items',
      );
    }
    if (price && price.currency !== sub.currency)
      throw invalid(
        `The price's currency (${price.currency}) must match the subscription's currency (${sub.currency}).`,
        `items[${i}][price]`,
      );
    const quantity = c.quantity === undefined ? undefined : Number(c.quantity);
    if (quantity !== undefined && !(Number.isInteger(quantity) && quantity >= 0))
      throw invalid('Invalid non-negative integer', `items[${i}][quantity]`);
    if (!item) {
      if (!price)
        throw invalid(`Missing required param: items[${i}][price].`, `items[${i}][price]`, 'parameter_missing');
      items.push(buildSubscriptionItem(ctx, sub.id, price, quantity ?? 1, start, end));
      changed = true;
      return;
    }
    if (price && price.id !== item.price.id) {
      item.price = { ...price };
      item.plan = planOf(price);
      changed = true;
    }
    if (quantity !== undefined && quantity !== item.quantity) {
      item.quantity = quantity;
      changed = true;
    }
    if (c.metadata !== undefined) item.metadata = mergeMetadata(item.metadata, c);
  });
  if (!items.length)
    throw invalid(
      'A subscription must have at least one active plan. To cancel a subscription, please use the cancel API endpoint on /v1/subscriptions.',
      'items',
    );
  if (changed && proration !== 'none' && ctx.now() > start) {
    throw invalid(
      'The emulator bills item changes from the next invoice only: pass proration_behavior=none (prorating the current period is not modelled).',
      'proration_behavior',
    );
  }
  return items;
}

function pauseCollection(ctx: Ctx, p: Params): Obj | null {
  if (p.pause_collection === '') return null;
  const pc = obj(p, 'pause_collection')!;
  const behavior = String(pc.behavior ?? '');
  if (!PAUSE_BEHAVIOURS.has(behavior))
    throw invalid(
      'Invalid pause_collection[behavior]: must be one of keep_as_draft, mark_uncollectible, or void',
      'pause_collection[behavior]',
    );
  const resumesAt = int(pc, 'resumes_at') ?? null;
  if (resumesAt !== null && resumesAt <= ctx.now())
    throw invalid('pause_collection[resumes_at] must be in the future.', 'pause_collection[resumes_at]');
  return { behavior, resumes_at: resumesAt };
}

function* pauseAndCancelTasks(ctx: Ctx): Generator<DueTask> {
  for (const sub of ctx.store.col('subscriptions').values()) {
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') continue;
    const resumesAt = sub.pause_collection?.resumes_at;
    if (resumesAt) {
      yield {
        at: resumesAt,
        run: () => {
          const before = publicCopy(sub);
          sub.pause_collection = null;
          ctx.store.changed();
          ctx.emitUpdated('customer.subscription.updated', sub, before);
        },
      };
    }
    // A cancel_at inside the period; one at the period end is handled by the renewal itself.
    if (sub.cancel_at && sub.cancel_at < sub.items.data[0].current_period_end)
      yield { at: sub.cancel_at, run: () => void cancelSubscription(ctx, sub) };
  }
}

dueSources.push((ctx, now) => earliest(pauseAndCancelTasks(ctx), now));
