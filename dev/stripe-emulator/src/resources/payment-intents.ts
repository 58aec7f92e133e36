import type { Ctx } from '../core/context.js';
import { StripeApiError, invalid, missing } from '../core/errors.js';
import { publicCopy } from '../core/expand.js';
import { newId, randomText } from '../core/ids.js';
import { bool, int, mergeMetadata, refuseUnset, str, type Params } from '../core/params.js';
import type { Obj } from '../core/store.js';
import { behaviourOf, cardError } from './cards.js';
import { createCharge } from './charges.js';
import { liveCustomer } from './customers.js';
import { startBankPayment } from './bank-payments.js';
import { paymentOutcomeHooks } from './payment-outcomes.js';
import { applyPaymentMethodTypes, assertTypeAccepted, refuseLegacyTypes } from './payment-method-types.js';
import { attachPaymentMethod, paymentMethodForConfirm, presetPaymentMethod } from './payment-methods.js';

const MIN_AMOUNT: Record<string, number> = { usd: 50, eur: 50, gbp: 30, cad: 50, aud: 50 };
const FUTURE_USAGE = new Set(['on_session', 'off_session']);

export function buildPaymentIntent(
  ctx: Ctx,
  f: {
    amount: number;
    currency: string;
    customer?: string | null;
    description?: string | null;
    metadata?: Obj;
    receipt_email?: string | null;
    setup_future_usage?: string | null;
  },
): Obj {
  const id = newId('pi');
  return {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: f.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${id}_secret_${randomText(25)}`,
    confirmation_method: 'automatic',
    created: ctx.now(),
    currency: f.currency,
    customer: f.customer ?? null,
    customer_account: null,
    description: f.description ?? null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: f.metadata ?? {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: f.receipt_email ?? null,
    review: null,
    setup_future_usage: f.setup_future_usage ?? null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
}

export function getPaymentIntent(ctx: Ctx, id: string, param = 'id'): Obj {
  const pi = ctx.store.get('payment_intents', id);
  if (!pi) throw missing('payment_intent', id, param);
  return pi;
}

export function createPaymentIntent(ctx: Ctx, p: Params): Obj {
  const amount = int(p, 'amount', true)!;
  const currency = str(p, 'currency', true)!.toLowerCase();
  const min = MIN_AMOUNT[currency] ?? 50;
  if (amount < min)
    throw invalid(`Amount must be at least $${(min / 100).toFixed(2)} ${currency}`, 'amount', 'amount_too_small');
  if (amount > 99999999) throw invalid('Amount must be no more than $999,999.99', 'amount', 'amount_too_large');
  const customer = str(p, 'customer');
  if (customer) liveCustomer(ctx, customer);
  const sfu = str(p, 'setup_future_usage');
  if (sfu && !FUTURE_USAGE.has(sfu))
    throw invalid(`Invalid setup_future_usage: must be one of on_session or off_session`, 'setup_future_usage');
  const pi = buildPaymentIntent(ctx, {
    amount,
    currency,
    customer,
    description: str(p, 'description'),
    metadata: mergeMetadata({}, p),
    receipt_email: str(p, 'receipt_email'),
    setup_future_usage: sfu,
  });
  applyPaymentMethodTypes(pi, p, currency, true);
  if (p.statement_descriptor_suffix !== undefined)
    pi.statement_descriptor_suffix = str(p, 'statement_descriptor_suffix') ?? null;
  presetPaymentMethod(ctx, pi, p);
  ctx.store.put('payment_intents', pi);
  ctx.emit('payment_intent.created', pi);
  if (bool(p, 'confirm')) return confirmPaymentIntent(ctx, pi, p, { offSession: bool(p, 'off_session') ?? false });
  return pi;
}

/**
 * `POST /v1/payment_intents/:id`. After success or cancelation only what does not move money changes (metadata,
 * description, receipt_email: `receipt_email=` unsets it, `description=` is refused). Stripe sends no event for it
 * (there is no `payment_intent.updated`).
 */
export function updatePaymentIntent(ctx: Ctx, pi: Obj, p: Params): Obj {
  refuseUnset(p, ['description']);
  if (pi.status === 'succeeded' || pi.status === 'canceled') {
    const changesMoney = p.amount !== undefined || p.currency !== undefined || p.customer !== undefined;
    if (changesMoney) throw unexpectedState(pi, 'update');
  }
  applyPaymentMethodTypes(pi, p, str(p, 'currency')?.toLowerCase() ?? pi.currency, false);
  if (p.amount !== undefined) pi.amount = int(p, 'amount')!;
  if (p.currency !== undefined) pi.currency = str(p, 'currency')!.toLowerCase();
  if (p.customer !== undefined) pi.customer = str(p, 'customer') ? liveCustomer(ctx, str(p, 'customer')!).id : null;
  for (const k of ['description', 'receipt_email', 'setup_future_usage', 'statement_descriptor_suffix'] as const)
    if (p[k] !== undefined) pi[k] = str(p, k) ?? null;
  pi.metadata = mergeMetadata(pi.metadata, p);
  ctx.store.changed();
  return pi;
}

export function cancelPaymentIntent(ctx: Ctx, pi: Obj, p: Params): Obj {
  if (pi.status === 'succeeded' || pi.status === 'canceled') throw unexpectedState(pi, 'cancel');
  pi.status = 'canceled';
  pi.canceled_at = ctx.now();
  pi.cancellation_reason = str(p, 'cancellation_reason') ?? null;
  ctx.store.changed();
  ctx.emit('payment_intent.canceled', pi);
  return pi;
}

function unexpectedState(pi: Obj, action: string): StripeApiError {
  const done = pi.status === 'succeeded' ? 'it has already succeeded' : `it has a status of ${pi.status}`;
  return new StripeApiError(400, 'invalid_request_error', `You cannot ${action} this PaymentIntent because ${done}.`, {
    code: 'payment_intent_unexpected_state',
    payment_intent: publicCopy(pi),
  });
}

/**
 * Confirms with `payment_method` (id or `pm_card_*` token) or `payment_method_data` (a new card or bank
 * account). A card is charged at once (automatic capture, no 3-D Secure): it succeeds, or throws the 402
 * card error Stripe answers after recording the failed charge and its events. A US bank account leaves
 * the intent `processing` until the emulator clock settles it (bank-payments.ts).
 */
export function confirmPaymentIntent(ctx: Ctx, pi: Obj, p: Params, opts: { offSession?: boolean } = {}): Obj {
  if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(pi.status)) {
    if (pi.status === 'succeeded') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
        { code: 'payment_intent_unexpected_state', payment_intent: publicCopy(pi) },
      );
    }
    throw unexpectedState(pi, 'confirm');
  }
  refuseLegacyTypes(p);
  const pm = paymentMethodForConfirm(ctx, pi, p, () =>
    invalid(
      "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with cus_, specify a payment method attached to this customer along with the customer ID.",
      'payment_method',
      'payment_intent_unexpected_state',
    ),
  );
  if (pm.customer && pi.customer && pm.customer !== pi.customer) {
    throw invalid(`The provided PaymentMethod ${pm.id} is attached to another customer.`, 'payment_method');
  }
  assertTypeAccepted(pi, pm);
  for (const k of ['receipt_email', 'setup_future_usage'] as const) if (p[k] !== undefined) pi[k] = str(p, k) ?? null;
  if (pm.type === 'us_bank_account') return startBankPayment(ctx, pi, pm, p, opts);
  const decline = behaviourOf(pm.__number).decline;
  const charge = createCharge(ctx, pi, pm, decline);
  pi.latest_charge = charge.id;
  if (!decline) {
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    pi.payment_method = pm.id;
    pi.last_payment_error = null;
    ctx.store.changed();
    if (pi.setup_future_usage && pi.customer && !pm.customer) attachPaymentMethod(ctx, pm, pi.customer);
    ctx.emit('payment_intent.succeeded', pi);
    for (const hook of paymentOutcomeHooks) hook(ctx, pi, charge, pm);
    return pi;
  }
  pi.status = 'requires_payment_method';
  pi.payment_method = null;
  const error = { charge: charge.id, ...cardError(decline, pm) };
  pi.last_payment_error = error;
  ctx.store.changed();
  ctx.emit('payment_intent.payment_failed', pi);
  for (const hook of paymentOutcomeHooks) hook(ctx, pi, charge, pm);
  throw new StripeApiError(402, 'card_error', decline.message, {
    code: decline.code,
    decline_code: decline.decline_code,
    charge: charge.id,
    payment_intent: publicCopy(pi),
    payment_method: publicCopy(pm),
    ...(opts.offSession ? { advice_code: 'try_again_later' } : {}),
  });
}
