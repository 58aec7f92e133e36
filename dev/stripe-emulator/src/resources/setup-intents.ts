import type { Ctx } from '../core/context.js';
import { StripeApiError, invalid, missing } from '../core/errors.js';
import { publicCopy } from '../core/expand.js';
import { newId, randomText } from '../core/ids.js';
import { bool, mergeMetadata, str, type Params } from '../core/params.js';
import type { Obj } from '../core/store.js';
import { cardError, setupDeclineOf, type Decline } from './cards.js';
import { liveCustomer } from './customers.js';
import { mandateFor } from './bank-payments.js';
import { applyPaymentMethodTypes, assertTypeAccepted } from './payment-method-types.js';
import {
  attachPaymentMethod,
  paymentMethodForConfirm,
  presetPaymentMethod,
  resolvePaymentMethod,
} from './payment-methods.js';

const USAGES = new Set(['off_session', 'on_session']);
const CANCEL_REASONS = new Set(['abandoned', 'requested_by_customer', 'duplicate']);
const CONFIRMABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/**
 * SetupIntents: a card or US bank account saved for later off-session charges (a bank account gets a
 * multi-use mandate and is treated as verified at once). Confirming a card runs Stripe's $0 check:
 * declining test cards fail (`setup_intent.setup_failed`), others succeed and are attached to the intent's
 * customer (`payment_method.attached`, then `setup_intent.succeeded`), including 4000 0000 0000 0341,
 * whose later charges decline.
 */
export function createSetupIntent(ctx: Ctx, p: Params): Obj {
  const customer = str(p, 'customer');
  if (customer) liveCustomer(ctx, customer);
  const usage = str(p, 'usage') ?? 'off_session';
  if (!USAGES.has(usage)) throw invalid('Invalid usage: must be one of off_session or on_session', 'usage');
  const id = newId('seti');
  const si: Obj = {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${randomText(32)}`,
    created: ctx.now(),
    customer: customer ?? null,
    customer_account: null,
    description: str(p, 'description') ?? null,
    excluded_payment_method_types: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: mergeMetadata({}, p),
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: [],
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage,
  };
  // Dynamic payment methods by default; `payment_method_types` is refused on this API version, as by Stripe.
  applyPaymentMethodTypes(si, p, null, true);
  presetPaymentMethod(ctx, si, p);
  ctx.store.put('setup_intents', si);
  ctx.emit('setup_intent.created', si);
  if (bool(p, 'confirm')) return confirmSetupIntent(ctx, si, p);
  return si;
}

export function getSetupIntent(ctx: Ctx, id: string, param = 'id'): Obj {
  const si = ctx.store.get('setup_intents', id);
  if (!si) throw missing('setup_intent', id, param);
  return si;
}

export function updateSetupIntent(ctx: Ctx, si: Obj, p: Params): Obj {
  if (!CONFIRMABLE.has(si.status)) throw unexpectedState(si, 'update');
  const before = publicCopy(si);
  if (p.customer !== undefined) si.customer = str(p, 'customer') ? liveCustomer(ctx, str(p, 'customer')!).id : null;
  if (p.description !== undefined) si.description = str(p, 'description') ?? null;
  applyPaymentMethodTypes(si, p, null, false);
  if (p.payment_method !== undefined) {
    const pmId = str(p, 'payment_method');
    si.payment_method = pmId ? resolvePaymentMethod(ctx, pmId).id : null;
    si.status = pmId ? 'requires_confirmation' : 'requires_payment_method';
  }
  si.metadata = mergeMetadata(si.metadata, p);
  ctx.store.changed();
  ctx.emitUpdated('setup_intent.updated', si, before);
  return si;
}

/** Confirms with `payment_method` (id or `pm_card_*` token), `payment_method_data` (a new card) or the one already set. */
export function confirmSetupIntent(ctx: Ctx, si: Obj, p: Params): Obj {
  if (!CONFIRMABLE.has(si.status)) throw unexpectedState(si, 'confirm');
  const pm = paymentMethodForConfirm(ctx, si, p, () =>
    invalid(
      "You cannot confirm this SetupIntent because it's missing a payment method. Update the SetupIntent with a payment method and then confirm it again.",
      'payment_method',
      'setup_intent_unexpected_state',
    ),
  );
  assertTypeAccepted(si, pm);
  if (pm.customer && si.customer && pm.customer !== si.customer)
    throw invalid(`The provided PaymentMethod ${pm.id} is attached to another customer.`, 'payment_method');
  const decline = pm.type === 'card' ? setupDeclineOf(pm.__number) : undefined;
  const attempt = recordAttempt(ctx, si, pm, decline);
  si.latest_attempt = attempt.id;
  if (decline) return failSetup(ctx, si, pm, decline);
  if (pm.type === 'us_bank_account') si.mandate = mandateFor(ctx, pm, p, { multiUse: true }).id;
  si.status = 'succeeded';
  si.payment_method = pm.id;
  si.last_setup_error = null;
  ctx.store.changed();
  if (si.customer && pm.customer !== si.customer) attachPaymentMethod(ctx, pm, si.customer);
  ctx.emit('setup_intent.succeeded', si);
  return si;
}

function failSetup(ctx: Ctx, si: Obj, pm: Obj, decline: Decline): never {
  const error = cardError(decline, pm);
  si.status = 'requires_payment_method';
  si.payment_method = null;
  si.last_setup_error = error;
  ctx.store.changed();
  ctx.emit('setup_intent.setup_failed', si);
  throw new StripeApiError(402, 'card_error', decline.message, {
    code: decline.code,
    decline_code: decline.decline_code,
    payment_method: publicCopy(pm),
    setup_intent: publicCopy(si),
  });
}

/** The SetupAttempt Stripe records for each confirmation (`latest_attempt`, `GET /v1/setup_attempts`). */
function recordAttempt(ctx: Ctx, si: Obj, pm: Obj, decline: Decline | undefined): Obj {
  return ctx.store.put('setup_attempts', {
    id: newId('setatt'),
    object: 'setup_attempt',
    application: null,
    attach_to_self: false,
    created: ctx.now(),
    customer: si.customer,
    customer_account: null,
    flow_directions: null,
    livemode: false,
    on_behalf_of: null,
    payment_method: pm.id,
    payment_method_details: attemptDetails(pm),
    setup_error: decline
      ? { code: decline.code, decline_code: decline.decline_code, message: decline.message, type: 'card_error' }
      : null,
    setup_intent: si.id,
    status: decline ? 'failed' : 'succeeded',
    usage: si.usage,
  });
}

/** Stripe's SetupAttempt details: a card's check results, or for a US bank account an empty `us_bank_account` hash. */
function attemptDetails(pm: Obj): Obj {
  if (pm.type !== 'card') return { type: pm.type, [pm.type]: {} };
  const card = pm.card ?? {};
  return {
    card: {
      brand: card.brand ?? null,
      checks: card.checks ? { ...card.checks } : null,
      country: card.country ?? null,
      exp_month: card.exp_month ?? null,
      exp_year: card.exp_year ?? null,
      fingerprint: card.fingerprint ?? null,
      funding: card.funding ?? null,
      last4: card.last4 ?? null,
      network: card.brand ?? null,
      three_d_secure: null,
      wallet: null,
    },
    type: 'card',
  };
}

export function cancelSetupIntent(ctx: Ctx, si: Obj, p: Params): Obj {
  if (!CONFIRMABLE.has(si.status)) throw unexpectedState(si, 'cancel');
  const reason = str(p, 'cancellation_reason') ?? null;
  if (reason && !CANCEL_REASONS.has(reason))
    throw invalid(
      'Invalid cancellation_reason: must be one of abandoned, requested_by_customer, or duplicate',
      'cancellation_reason',
    );
  si.status = 'canceled';
  si.cancellation_reason = reason;
  ctx.store.changed();
  ctx.emit('setup_intent.canceled', si);
  return si;
}

export function listSetupIntents(ctx: Ctx, p: Params): Obj[] {
  const customer = str(p, 'customer');
  const pm = str(p, 'payment_method');
  return [...ctx.store.col('setup_intents').values()].filter(
    (si) => (!customer || si.customer === customer) && (!pm || si.payment_method === pm),
  );
}

function unexpectedState(si: Obj, action: string): StripeApiError {
  const done = si.status === 'succeeded' ? 'it has already succeeded' : `it has a status of ${si.status}`;
  return new StripeApiError(400, 'invalid_request_error', `You cannot ${action} this SetupIntent because ${done}.`, {
    code: 'setup_intent_unexpected_state',
    setup_intent: publicCopy(si),
  });
}
