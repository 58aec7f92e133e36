/**
 * Sanity checks on a Stripe event whose signature is valid. A valid signature says who sent the bytes, not
 * that the content makes sense: a leaked signing secret, a test endpoint pointed at production, or a
 * misconfigured account would otherwise be believed to the cent. An event that fails is stored as rejected
 * (with the reason), acknowledged so Stripe stops retrying it, and never projected. The API checks on
 * arrival and the worker checks again before projecting (and on every replay).
 */

/**
 * The largest amount Stripe takes for a USD charge: eight digits of cents, $999,999.99
 * (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts). Our own online maximum is
 * $100,000, but a gift entered in the Stripe dashboard may be larger; nothing real is above this.
 */
export const MAX_AMOUNT_CENTS = 99_999_999;

/** Stripe's `created` may run ahead of our clock by skew, never by more: five minutes, as for signatures. */
export const FUTURE_TOLERANCE_SECONDS = 300;

/** The school takes and reports US dollars only. */
export const CURRENCY = 'usd';

/** Whether a secret (or restricted) key is a live one: events must then say livemode true. */
export const isLiveKey = (secretKey: string): boolean => /^(sk|rk)_live_/.test(secretKey);

export interface SanityContext {
  /** The mode of the key in use (isLiveKey). */
  livemode: boolean;
  /** When the event reached us (unix seconds): the API's clock on arrival, the inbox row's received_at later. */
  receivedAt: number;
}

interface EventLike {
  created: number;
  livemode?: boolean | null;
  data?: { object?: unknown } | null;
}

/** The money fields the read model counts, per object kind; each must be whole cents in 0..MAX_AMOUNT_CENTS. */
const MONEY_FIELDS: Readonly<Record<string, readonly string[]>> = {
  charge: ['amount', 'amount_captured', 'amount_refunded'],
  payment_intent: ['amount', 'amount_capturable', 'amount_received'],
  invoice: ['amount_due', 'amount_paid', 'amount_remaining'],
  dispute: ['amount'],
  refund: ['amount'],
  subscription: [],
};

/** A unix time as ISO text; a number beyond what a Date holds stays a number. */
function iso(seconds: number): string {
  const d = new Date(seconds * 1000);
  return Number.isNaN(d.getTime()) ? String(seconds) : d.toISOString().replace('.000Z', 'Z');
}

function badCurrency(currency: unknown): string | null {
  return currency === undefined || currency === null || currency === CURRENCY
    ? null
    : `currency ${JSON.stringify(currency)} is not USD`;
}

function badAmount(where: string, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const ok = typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_AMOUNT_CENTS;
  return ok ? null : `${where} ${JSON.stringify(value)} is not an amount from 0 to ${MAX_AMOUNT_CENTS} cents`;
}

/** A subscription's amount is its price times the quantity (as the read model derives it). */
function subscriptionItemProblem(item: any, i: number): string | null {
  const price = item?.price;
  if (!price || typeof price !== 'object') return null;
  const quantity = item.quantity ?? 1;
  return (
    badCurrency(price.currency) ??
    badAmount(`subscription item ${i} quantity`, quantity) ??
    badAmount(`subscription item ${i} unit_amount`, price.unit_amount) ??
    (typeof price.unit_amount === 'number'
      ? badAmount(`subscription item ${i} amount`, price.unit_amount * quantity)
      : null)
  );
}

function objectProblem(o: any): string | null {
  const fields =
    typeof o?.object === 'string' && Object.prototype.hasOwnProperty.call(MONEY_FIELDS, o.object)
      ? MONEY_FIELDS[o.object]
      : null;
  if (!fields) return null;
  const currency = badCurrency(o.currency);
  if (currency) return currency;
  for (const f of fields) {
    const bad = badAmount(`${o.object}.${f}`, o[f]);
    if (bad) return bad;
  }
  if (o.object === 'subscription' && Array.isArray(o.items?.data)) {
    for (const [i, item] of o.items.data.entries()) {
      const bad = subscriptionItemProblem(item, i);
      if (bad) return bad;
    }
  }
  return null;
}

/** Why the event must not be believed, or null when it passes every check. */
export function eventRejection(event: EventLike, ctx: SanityContext): string | null {
  if (event.created > ctx.receivedAt + FUTURE_TOLERANCE_SECONDS) {
    return `dated in the future: created ${iso(event.created)}, received ${iso(ctx.receivedAt)}`;
  }
  const live = event.livemode === true;
  if (live !== ctx.livemode) return `livemode ${live} does not match the ${ctx.livemode ? 'live' : 'test'} key in use`;
  return objectProblem(event.data?.object);
}
