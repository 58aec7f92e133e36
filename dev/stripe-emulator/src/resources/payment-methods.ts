import { createHash } from 'node:crypto';
import type { Ctx } from '../core/context.js';
import { StripeApiError, invalid, missing, requiredParam } from '../core/errors.js';
import { newId } from '../core/ids.js';
import { mergeMetadata, obj, plain, str, type Params } from '../core/params.js';
import { publicCopy } from '../core/expand.js';
import type { Obj } from '../core/store.js';
import { TEST_TOKENS, behaviourOf, luhnValid, setupDeclineOf } from './cards.js';

const EMPTY_ADDRESS = { city: null, country: null, line1: null, line2: null, postal_code: null, state: null };

export function billingDetails(input: unknown): Obj {
  const b = (input ?? {}) as Obj;
  return {
    address: { ...EMPTY_ADDRESS, ...(b.address ?? {}) },
    email: b.email ?? null,
    name: b.name ?? null,
    phone: b.phone ?? null,
    tax_id: b.tax_id ?? null,
  };
}

/** A card payment method shaped like fixtures3.json's `payment_method`; the number itself stays private. */
export function buildCardPaymentMethod(
  ctx: Ctx,
  number: string,
  expMonth: number,
  expYear: number,
  billing: unknown,
  metadata: Obj = {},
): Obj {
  const b = behaviourOf(number);
  return {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: billingDetails(billing),
    card: {
      brand: b.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'unchecked' },
      country: 'US',
      display_brand: b.brand === 'amex' ? 'american_express' : b.brand,
      exp_month: expMonth,
      exp_year: expYear,
      fingerprint: createHash('sha256').update(number).digest('base64url').slice(0, 16),
      funding: b.funding,
      generated_from: null,
      last4: number.slice(-4),
      networks: { available: [b.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: ctx.now(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata,
    type: 'card',
    __number: number,
  };
}

const BANK_NAMES: Record<string, string> = { '110000000': 'STRIPE TEST BANK' };

/** ABA routing numbers carry a checksum: 3, 7, 1 weights over the nine digits sum to a multiple of ten. */
function routingValid(r: string): boolean {
  if (!/^\d{9}$/.test(r)) return false;
  const d = [...r].map(Number);
  return (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8])) % 10 === 0;
}

/** `POST /v1/payment_methods {type: 'us_bank_account'}`: account details entered by hand (no Financial Connections). */
function createBankPaymentMethod(ctx: Ctx, p: Params): Obj {
  const acct = obj(p, 'us_bank_account');
  if (!acct) throw requiredParam('us_bank_account');
  const routing = str(acct, 'routing_number') ?? '';
  const number = str(acct, 'account_number') ?? '';
  if (!routing) throw requiredParam('us_bank_account[routing_number]');
  if (!number) throw requiredParam('us_bank_account[account_number]');
  if (!routingValid(routing))
    throw invalid(
      'Routing number must have 9 digits and be a valid ABA routing number.',
      'us_bank_account[routing_number]',
      'routing_number_invalid',
    );
  if (!/^\d{4,17}$/.test(number))
    throw invalid(
      'Account number must have between 4 and 17 digits.',
      'us_bank_account[account_number]',
      'account_number_invalid',
    );
  const holderType = str(acct, 'account_holder_type') ?? 'individual';
  const accountType = str(acct, 'account_type') ?? 'checking';
  if (!['individual', 'company'].includes(holderType))
    throw invalid(
      'Invalid us_bank_account[account_holder_type]: must be one of individual or company',
      'us_bank_account[account_holder_type]',
    );
  if (!['checking', 'savings'].includes(accountType))
    throw invalid(
      'Invalid us_bank_account[account_type]: must be one of checking or savings',
      'us_bank_account[account_type]',
    );
  const billing = billingDetails(plain(p.billing_details));
  if (!billing.name)
    throw invalid('Missing required param: billing_details[name].', 'billing_details[name]', 'parameter_missing');
  return ctx.store.put('payment_methods', {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: billing,
    created: ctx.now(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: mergeMetadata({}, p),
    type: 'us_bank_account',
    us_bank_account: {
      account_holder_type: holderType,
      account_type: accountType,
      bank_name: BANK_NAMES[routing] ?? 'TEST BANK',
      financial_connections_account: null,
      fingerprint: createHash('sha256').update(`${routing}:${number}`).digest('base64url').slice(0, 16),
      last4: number.slice(-4),
      networks: { preferred: 'ach', supported: ['ach'] },
      routing_number: routing,
      status_details: {},
    },
    __account_number: number,
  });
}

export function createPaymentMethod(ctx: Ctx, p: Params): Obj {
  const type = str(p, 'type', true);
  if (type === 'us_bank_account') return createBankPaymentMethod(ctx, p);
  if (type !== 'card')
    throw invalid(
      `The payment method type "${type}" is not supported by the emulator (only card and us_bank_account).`,
      'type',
    );
  const card = obj(p, 'card');
  if (!card) throw requiredParam('card');
  if (typeof card.token === 'string')
    throw invalid('Card tokens are not supported by the emulator; pass card[number].', 'card[token]');
  const number = String(card.number ?? '').replace(/\s+/g, '');
  if (!number) throw requiredParam('card[number]');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
    throw new StripeApiError(402, 'card_error', 'Your card number is incorrect.', {
      code: 'incorrect_number',
      param: 'card[number]',
    });
  }
  const expMonth = Number(card.exp_month);
  const expYear = normaliseYear(Number(card.exp_year));
  if (!(expMonth >= 1 && expMonth <= 12))
    throw new StripeApiError(402, 'card_error', "Your card's expiration month is invalid.", {
      code: 'invalid_expiry_month',
      param: 'card[exp_month]',
    });
  const nowDate = new Date(ctx.now() * 1000);
  if (
    !expYear ||
    expYear < nowDate.getUTCFullYear() ||
    (expYear === nowDate.getUTCFullYear() && expMonth < nowDate.getUTCMonth() + 1)
  ) {
    throw new StripeApiError(402, 'card_error', "Your card's expiration year is invalid.", {
      code: 'invalid_expiry_year',
      param: 'card[exp_year]',
    });
  }
  if (card.cvc !== undefined && !/^\d{3,4}$/.test(String(card.cvc))) {
    throw new StripeApiError(402, 'card_error', "Your card's security code is invalid.", {
      code: 'invalid_cvc',
      param: 'card[cvc]',
    });
  }
  const pm = buildCardPaymentMethod(ctx, number, expMonth, expYear, plain(p.billing_details), mergeMetadata({}, p));
  if (card.cvc !== undefined) pm.card.checks.cvc_check = 'pass';
  return ctx.store.put('payment_methods', pm);
}

function normaliseYear(y: number): number {
  return y > 0 && y < 100 ? 2000 + y : y;
}

/**
 * A payment method by id, or a new one made from a `pm_card_*` test token (as Stripe does: each use of a
 * token yields a fresh pm_ id).
 */
/** A payment method named on create: the intent then waits for confirmation with it (PaymentIntents and SetupIntents alike). */
export function presetPaymentMethod(ctx: Ctx, intent: Obj, p: Params): void {
  const pmId = str(p, 'payment_method');
  if (!pmId) return;
  intent.payment_method = resolvePaymentMethod(ctx, pmId).id;
  intent.status = 'requires_confirmation';
}

export function resolvePaymentMethod(ctx: Ctx, id: string, param = 'payment_method'): Obj {
  const number = TEST_TOKENS[id];
  if (number) {
    const year = new Date(ctx.now() * 1000).getUTCFullYear() + 1;
    return ctx.store.put('payment_methods', buildCardPaymentMethod(ctx, number, 12, year, {}));
  }
  const pm = ctx.store.get('payment_methods', id);
  if (!pm) throw missing('PaymentMethod', id, param);
  return pm;
}

/**
 * The payment method a confirm call uses: `payment_method` (id or test token, `payment_method_data.billing_details`
 * merged in), a new one from `payment_method_data`, or the one already on the intent.
 */
export function paymentMethodForConfirm(ctx: Ctx, intent: Obj, p: Params, whenMissing: () => StripeApiError): Obj {
  const pmId = str(p, 'payment_method');
  const pmData = obj(p, 'payment_method_data');
  if (pmId) {
    const pm = resolvePaymentMethod(ctx, pmId);
    if (pmData?.billing_details)
      pm.billing_details = billingDetails({ ...pm.billing_details, ...(plain(pmData.billing_details) as Obj) });
    return pm;
  }
  if (pmData) return createPaymentMethod(ctx, pmData);
  if (intent.payment_method) return ctx.store.get('payment_methods', intent.payment_method)!;
  throw whenMissing();
}

export function attachPaymentMethod(ctx: Ctx, pm: Obj, customerId: string): Obj {
  const customer = ctx.store.get('customers', customerId);
  if (!customer || customer.deleted) throw missing('customer', customerId, 'customer');
  if (pm.customer === customerId) return pm;
  if (pm.customer)
    throw invalid(
      'The payment method you provided has already been attached to a customer.',
      'payment_method',
      'payment_method_unexpected_state',
    );
  // Stripe checks a card when it is attached: a declining test card fails here, except the charges-only 0341.
  const decline = pm.type === 'card' ? setupDeclineOf(pm.__number) : undefined;
  if (decline)
    throw new StripeApiError(402, 'card_error', decline.message, {
      code: decline.code,
      decline_code: decline.decline_code,
    });
  pm.customer = customerId;
  ctx.store.changed();
  ctx.emit('payment_method.attached', pm);
  return pm;
}

export function detachPaymentMethod(ctx: Ctx, pm: Obj): Obj {
  if (!pm.customer)
    throw invalid(
      'The payment method you provided is not attached to a customer so detachment is impossible.',
      undefined,
      'payment_method_unexpected_state',
    );
  const before = publicCopy(pm);
  pm.customer = null;
  ctx.store.changed();
  ctx.emit('payment_method.detached', pm, { customer: before.customer });
  return pm;
}

export function updatePaymentMethod(ctx: Ctx, pm: Obj, p: Params): Obj {
  const before = publicCopy(pm);
  const bd = plain(p.billing_details) as Obj | undefined;
  if (bd)
    pm.billing_details = billingDetails({
      ...pm.billing_details,
      ...bd,
      address: { ...pm.billing_details.address, ...(bd.address ?? {}) },
    });
  pm.metadata = mergeMetadata(pm.metadata, p);
  const card = obj(p, 'card');
  if (card?.exp_month) pm.card.exp_month = Number(card.exp_month);
  if (card?.exp_year) pm.card.exp_year = normaliseYear(Number(card.exp_year));
  ctx.store.changed();
  ctx.emitUpdated('payment_method.updated', pm, before);
  return pm;
}

export function listPaymentMethods(ctx: Ctx, p: Params): Obj[] {
  const customer = str(p, 'customer');
  const type = str(p, 'type');
  return [...ctx.store.col('payment_methods').values()].filter(
    (pm) => (!customer || pm.customer === customer) && (!type || pm.type === type) && (customer || pm.customer),
  );
}
