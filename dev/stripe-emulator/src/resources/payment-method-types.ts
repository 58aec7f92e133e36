import { StripeApiError, invalid } from '../core/errors.js';
import { obj, str, strings, type Params } from '../core/params.js';
import type { Obj } from '../core/store.js';

/**
 * The payment methods switched on in the emulator account's "Dashboard" (what dynamic payment methods
 * offer): card, Link and US bank account. None of them redirects, so confirming never needs a return_url.
 */
export const ENABLED_TYPES = ['card', 'link', 'us_bank_account'] as const;
const USD_ONLY = new Set(['us_bank_account']);
/** The account's default payment method configuration, named by intents that use dynamic payment methods. */
export const DEFAULT_PMC = 'pmc_1EmulatorDefaultConfig0000';

function compatible(types: readonly string[], currency: string | null): string[] {
  return ENABLED_TYPES.filter((t) => types.includes(t) && (!USD_ONLY.has(t) || !currency || currency === 'usd'));
}

/** API 2026-09-30.endive removed the writable `payment_method_types` from intents: Stripe answers 400. */
export function refuseLegacyTypes(p: Params): void {
  if (p.payment_method_types === undefined) return;
  throw new StripeApiError(
    400,
    'invalid_request_error',
    'The `payment_method_types` parameter is no longer supported on this API version. Use dynamic payment methods (the default), `allowed_payment_method_types` to allow only some types, or `excluded_payment_method_types`.',
    { code: 'payment_method_types_no_longer_supported', param: 'payment_method_types' },
  );
}

/**
 * Sets an intent's payment method fields from create/update parameters: `allowed_payment_method_types`
 * (silently narrowed to what is enabled and fits the currency; exclusive with the dynamic options) or
 * dynamic payment methods (`automatic_payment_methods`, on by default) minus `excluded_payment_method_types`.
 */
export function applyPaymentMethodTypes(intent: Obj, p: Params, currency: string | null, creating: boolean): void {
  refuseLegacyTypes(p);
  const touched = [
    'allowed_payment_method_types',
    'automatic_payment_methods',
    'excluded_payment_method_types',
    'payment_method_configuration',
  ].filter((k) => p[k] !== undefined);
  if (!creating && !touched.length) return;
  const allowed = p.allowed_payment_method_types === undefined ? undefined : strings(p, 'allowed_payment_method_types');
  const others = touched.filter((k) => k !== 'allowed_payment_method_types');
  if (allowed && others.length) {
    throw invalid(
      `You may only specify one of these parameters: allowed_payment_method_types, ${others.join(', ')}.`,
      others[0],
      'parameters_exclusive',
    );
  }
  let types: string[];
  if (allowed) {
    types = compatible(allowed, currency);
    if (!types.length) {
      throw invalid(
        `None of the payment method types in allowed_payment_method_types (${allowed.join(', ')}) can be used here. This account accepts ${ENABLED_TYPES.join(', ')}${currency && currency !== 'usd' ? ` (us_bank_account in usd only)` : ''}.`,
        'allowed_payment_method_types',
        'payment_intent_invalid_parameter',
      );
    }
    Object.assign(intent, {
      allowed_payment_method_types: allowed,
      automatic_payment_methods: null,
      excluded_payment_method_types: null,
      payment_method_configuration_details: null,
    });
  } else {
    const apm = obj(p, 'automatic_payment_methods') ?? {};
    const redirects = str(apm, 'allow_redirects') ?? intent.automatic_payment_methods?.allow_redirects ?? 'always';
    if (redirects !== 'always' && redirects !== 'never')
      throw invalid(
        'Invalid automatic_payment_methods[allow_redirects]: must be one of always or never',
        'automatic_payment_methods[allow_redirects]',
      );
    const excluded =
      p.excluded_payment_method_types === undefined
        ? (intent.excluded_payment_method_types ?? [])
        : strings(p, 'excluded_payment_method_types');
    types = compatible(
      ENABLED_TYPES.filter((t) => !excluded.includes(t)),
      currency,
    );
    if (!types.length)
      throw invalid(
        'excluded_payment_method_types leaves no payment method this account accepts.',
        'excluded_payment_method_types',
        'payment_intent_invalid_parameter',
      );
    Object.assign(intent, {
      allowed_payment_method_types: null,
      automatic_payment_methods: { allow_redirects: redirects, enabled: true },
      excluded_payment_method_types: excluded.length ? excluded : null,
      payment_method_configuration_details: { id: DEFAULT_PMC, parent: null },
    });
  }
  intent.payment_method_types = types;
  intent.payment_method_options = paymentMethodOptions(types, intent.object);
}

/**
 * An invoice's payment intent takes the subscription's `payment_settings.payment_method_types` when set,
 * else every enabled type that fits the currency (the invoice template of the Dashboard).
 */
export function setInvoiceIntentTypes(pi: Obj, types: string[] | null): void {
  pi.payment_method_types = compatible(types ?? [...ENABLED_TYPES], pi.currency);
  if (!pi.payment_method_types.length) pi.payment_method_types = ['card'];
  pi.payment_method_options = paymentMethodOptions(pi.payment_method_types, pi.object);
}

function paymentMethodOptions(types: string[], kind: string): Obj {
  const out: Obj = {};
  if (types.includes('card')) {
    out.card =
      kind === 'setup_intent'
        ? { mandate_options: null, network: null, request_three_d_secure: 'automatic' }
        : { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' };
  }
  if (types.includes('link')) out.link = { persistent_token: null };
  if (types.includes('us_bank_account'))
    out.us_bank_account = {
      financial_connections: { permissions: ['payment_method'], prefetch: [] },
      verification_method: 'automatic',
    };
  return out;
}

/** Confirming with a payment method the intent does not accept is refused before anything is charged. */
export function assertTypeAccepted(intent: Obj, pm: Obj): void {
  if (intent.payment_method_types.includes(pm.type)) return;
  const noun = intent.object === 'setup_intent' ? 'SetupIntent' : 'PaymentIntent';
  throw invalid(
    `The PaymentMethod provided (${pm.type}) is not allowed for this ${noun}. Please attach a PaymentMethod of one of the following types: ${intent.payment_method_types.join(', ')}. Alternatively, update the allowed_payment_method_types for this ${noun} to include "${pm.type}".`,
    'payment_method',
    'payment_intent_incompatible_payment_method',
  );
}
