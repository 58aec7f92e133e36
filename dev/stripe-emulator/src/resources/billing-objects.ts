import type { Ctx } from '../core/context.js';
import { invalid, missing, requiredParam } from '../core/errors.js';
import { newId } from '../core/ids.js';
import { mergeMetadata, obj, str, type Params } from '../core/params.js';
import type { Obj } from '../core/store.js';

const INTERVALS = new Set(['day', 'week', 'month', 'year']);

/**
 * `anchor` moved forward by n intervals the way Stripe bills: calendar months, the day of month clamped
 * to the month's length (Jan 31 -> Feb 28 -> Mar 31), time of day kept.
 */
export function addInterval(anchor: number, interval: string, n: number): number {
  if (interval === 'day') return anchor + n * 86400;
  if (interval === 'week') return anchor + n * 7 * 86400;
  const months = interval === 'year' ? 12 * n : n;
  const d = new Date(anchor * 1000);
  const targetMonth = d.getUTCMonth() + months;
  const year = d.getUTCFullYear() + Math.floor(targetMonth / 12);
  const month = ((targetMonth % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const out = Date.UTC(
    year,
    month,
    Math.min(d.getUTCDate(), lastDay),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  );
  return Math.floor(out / 1000);
}

export function createProduct(ctx: Ctx, p: Params): Obj {
  const now = ctx.now();
  return ctx.store.put('products', {
    id: newId('prod'),
    object: 'product',
    active: true,
    created: now,
    default_price: null,
    description: str(p, 'description') ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: mergeMetadata({}, p),
    name: str(p, 'name', true),
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    type: 'service',
    unit_label: null,
    updated: now,
    url: null,
  });
}

/** A price from `POST /v1/prices` or a subscription item's inline `price_data` (which Stripe creates inactive). */
export function createPrice(ctx: Ctx, p: Params, inline = false): Obj {
  const currency = str(p, 'currency', true)!.toLowerCase();
  const unitAmountRaw = str(p, 'unit_amount', true)!;
  const unitAmount = Number(unitAmountRaw);
  if (!Number.isInteger(unitAmount) || unitAmount < 0) throw invalid('Invalid non-negative integer', 'unit_amount');
  let productId = str(p, 'product');
  const productData = obj(p, 'product_data');
  if (productId) {
    if (!ctx.store.get('products', productId)) throw missing('product', productId, 'product');
  } else if (productData) {
    productId = createProduct(ctx, productData).id;
  } else throw requiredParam('product');
  const rec = obj(p, 'recurring');
  let recurring: Obj | null = null;
  if (rec) {
    const interval = String(rec.interval ?? '');
    if (!INTERVALS.has(interval))
      throw invalid('Invalid recurring[interval]: must be one of day, week, month, or year', 'recurring[interval]');
    const count = rec.interval_count === undefined ? 1 : Number(rec.interval_count);
    if (
      !Number.isInteger(count) ||
      count < 1 ||
      (interval === 'month' && count > 36) ||
      (interval === 'year' && count > 3)
    ) {
      throw invalid('Invalid recurring[interval_count]', 'recurring[interval_count]');
    }
    recurring = { interval, interval_count: count, meter: null, trial_period_days: null, usage_type: 'licensed' };
  }
  return ctx.store.put('prices', {
    id: newId('price'),
    object: 'price',
    active: !inline,
    billing_scheme: 'per_unit',
    created: ctx.now(),
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: inline ? {} : mergeMetadata({}, p),
    nickname: null,
    product: productId,
    recurring,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  });
}

/** A subscription item's recurring price: an existing `price` id or an inline `price_data` (param names as `items[i][...]`). */
export function itemPrice(ctx: Ctx, item: Params, i: number): Obj {
  let price: Obj | undefined;
  if (typeof item.price === 'string' && item.price) {
    price = ctx.store.get('prices', item.price);
    if (!price) throw missing('price', item.price, `items[${i}][price]`);
  } else if (item.price_data && typeof item.price_data === 'object') {
    price = createPrice(ctx, item.price_data as Params, true);
  } else throw requiredParam(`items[${i}][price]`);
  if (!price.recurring)
    throw invalid(
      'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
      `items[${i}][price]`,
    );
  return price;
}

/** The legacy `plan` view of a recurring price, still present on subscription items. */
export function planOf(price: Obj): Obj {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring.interval,
    interval_count: price.recurring.interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: null,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

export function buildSubscriptionItem(
  ctx: Ctx,
  subId: string,
  price: Obj,
  quantity: number,
  start: number,
  end: number,
): Obj {
  return {
    id: newId('si'),
    object: 'subscription_item',
    billing_thresholds: null,
    created: ctx.now(),
    current_period_end: end,
    current_period_start: start,
    discounts: [],
    metadata: {},
    plan: planOf(price),
    price: { ...price },
    quantity,
    subscription: subId,
    tax_rates: [],
  };
}

export function buildSubscription(
  ctx: Ctx,
  f: {
    id: string;
    customer: string;
    currency: string;
    items: Obj[];
    metadata: Obj;
    saveDefault: string;
    description: string | null;
  },
): Obj {
  const now = ctx.now();
  return {
    id: f.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: now,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic', updated_at: now },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: f.currency,
    customer: f.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: f.description,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: {
      object: 'list',
      data: f.items,
      has_more: false,
      total_count: f.items.length,
      url: `/v1/subscription_items?subscription=${f.id}`,
    },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: f.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: f.saveDefault,
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: 'incomplete',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
}

export function describeLine(item: Obj, product: Obj | undefined): string {
  const r = item.price.recurring;
  const every = r.interval_count === 1 ? r.interval : `every ${r.interval_count} ${r.interval}s`;
  return `${item.quantity} × ${product?.name ?? 'Subscription'} (at $${(item.price.unit_amount / 100).toFixed(2)} / ${every})`;
}

/**
 * `share` bills part of a period (a first period that ends at a future billing_cycle_anchor): 0 with
 * `proration_behavior: none`, otherwise the prorated fraction, and the lines are marked as prorations.
 */
export function buildInvoice(
  ctx: Ctx,
  sub: Obj,
  customer: Obj,
  billingReason: string,
  periodStart: number,
  periodEnd: number,
  share?: number,
): Obj {
  const id = newId('in');
  const lines = (sub.items.data as Obj[]).map((item) => {
    const amount = Math.round(item.price.unit_amount * item.quantity * (share ?? 1));
    return {
      id: newId('il'),
      object: 'line_item',
      amount,
      currency: sub.currency,
      description: describeLine(item, ctx.store.get('products', item.price.product)),
      discount_amounts: [],
      discountable: true,
      discounts: [],
      invoice: id,
      livemode: false,
      metadata: { ...sub.metadata },
      parent: {
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: share !== undefined && share > 0,
          proration_details: { credited_items: null },
          subscription: sub.id,
          subscription_item: item.id,
        },
        type: 'subscription_item_details',
      },
      period: { end: item.current_period_end, start: item.current_period_start },
      pretax_credit_amounts: [],
      pricing: {
        price_details: { price: item.price.id, product: item.price.product },
        type: 'price_details',
        unit_amount_decimal: item.price.unit_amount_decimal,
      },
      quantity: item.quantity,
      quantity_decimal: String(item.quantity),
      subtotal: amount,
      taxes: [],
    };
  });
  const total = lines.reduce((s, l) => s + l.amount, 0);
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Hillside Learning Center',
    account_tax_ids: null,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: total,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: billingReason,
    collection_method: 'charge_automatically',
    confirmation_secret: null,
    created: ctx.now(),
    currency: sub.currency,
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    customer_address: customer.address ?? null,
    customer_email: customer.email ?? null,
    customer_name: customer.name ?? null,
    customer_phone: customer.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: lines, has_more: false, total_count: lines.length, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: { ...sub.metadata }, subscription: sub.id },
      type: 'subscription_details',
    },
    payment_settings: {
      default_mandate: null,
      payment_method_options: null,
      payment_method_types: sub.payment_settings?.payment_method_types ?? null,
    },
    payments: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/invoices/${id}/payments` },
    period_end: periodEnd,
    period_start: periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
}
