/**
 * "Cover the fees": how much a donor adds so that the school nets the gift they meant to give. Pure and free of
 * Node imports, so the donate page (the label and the Pay button) and the API (what is charged) compute the
 * same amount from the same configured fee.
 */

/** A card fee as Stripe charges it: a share of the charge in basis points (290 = 2.9%) plus a fixed amount. */
export interface CardFee {
  basisPoints: number;
  fixedCents: number;
}

/** 2.9% + 30 cents: Stripe's standard US card price (a non-profit's discounted rate can be configured instead). */
export const DEFAULT_CARD_FEE: CardFee = { basisPoints: 290, fixedCents: 30 };

/** A US bank account (ACH Direct Debit) fee as Stripe charges it: a share of the charge, capped. */
export interface BankFee {
  basisPoints: number;
  capCents: number;
}

/** 0.8% capped at $5: Stripe's standard ACH Direct Debit price. */
export const DEFAULT_BANK_FEE: BankFee = { basisPoints: 80, capCents: 500 };

/** Either method's fee. */
export type PaymentFee = CardFee | BankFee;

/** How the donor pays, as Stripe's Payment Element names it: each has its own fee. */
export const PAYMENT_METHOD_TYPES = ['card', 'us_bank_account'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

/** The configured fees of both methods (the donate page gets them with its options). */
export interface PaymentFees {
  cardFee: CardFee;
  bankFee: BankFee;
}

/** The fee of the chosen method (a card unless the donor picked a US bank account). */
export function feeFor(method: PaymentMethodType | undefined, fees: PaymentFees): PaymentFee {
  return method === 'us_bank_account' ? fees.bankFee : fees.cardFee;
}

/**
 * What the school keeps of a charge of `grossCents`: Stripe rounds its percentage to the nearest cent, half up,
 * caps it for a bank debit ($5 at most) and adds a card's fixed part.
 */
export function netOf(grossCents: number, fee: PaymentFee): number {
  const share = Math.round((grossCents * fee.basisPoints) / 10_000);
  return 'capCents' in fee ? grossCents - Math.min(share, fee.capCents) : grossCents - share - fee.fixedCents;
}

/**
 * The smallest charge that nets at least `intendedCents` after the fee: (intended + fixed) / (1 - pct), rounded
 * up to the cent (for a bank debit no more than intended + cap), then lowered while a cent less still nets the
 * gift once Stripe rounds its fee ($50 -> $51.80 by card, where the bare ceiling would ask $51.81: 2.9% of $51.80
 * is $1.5022, which Stripe charges as $1.50; $1,000 -> $1,005.00 by bank, the fee capped at $5). The net never
 * falls as the charge grows, so the first charge that nets the gift is the smallest. Integer arithmetic only, so
 * no float ever decides a cent.
 */
export function grossForNet(intendedCents: number, fee: PaymentFee): number {
  if (!Number.isInteger(intendedCents) || intendedCents <= 0)
    throw new RangeError('intendedCents must be a positive whole number of cents');
  const fixedCents = 'capCents' in fee ? 0 : fee.fixedCents;
  const capCents = 'capCents' in fee ? fee.capCents : Infinity;
  if (!(fee.basisPoints >= 0 && fee.basisPoints < 10_000) || !(fixedCents >= 0) || !(capCents >= 0))
    throw new RangeError('fee must be under 100% and not negative');
  const denominator = 10_000 - fee.basisPoints;
  let gross = Math.min(Math.ceil(((intendedCents + fixedCents) * 10_000) / denominator), intendedCents + capCents);
  while (netOf(gross - 1, fee) >= intendedCents) gross -= 1;
  while (netOf(gross, fee) < intendedCents) gross += 1;
  return gross;
}

/** What covering the fees adds to a gift ($50 -> 180 cents by card, 40 cents by bank). */
export function feeCoverageFor(intendedCents: number, fee: PaymentFee): number {
  return grossForNet(intendedCents, fee) - intendedCents;
}

/**
 * How a charge of `chargedCents` splits into the gift and the fee coverage, given what our server wrote on the
 * payment when it started it. The amount is Stripe's (never the browser's); the split holds only when the stated
 * parts add up to exactly what was charged, and was computed for the method that paid (`paidWith`, when known:
 * a bank debit's 40 cents are no cover for a card's $1.76). Anything else (a plan whose amount was changed since,
 * another method than the one declared, a payment we did not start) is all gift.
 */
export function splitCharge(
  chargedCents: number,
  stated: { giftCents: number | null; feeCoverageCents: number | null; feeMethod?: PaymentMethodType | null },
  paidWith?: PaymentMethodType | null,
): { giftCents: number; feeCoverageCents: number } {
  const { giftCents, feeCoverageCents } = stated;
  if (stated.feeMethod && paidWith && stated.feeMethod !== paidWith)
    return { giftCents: chargedCents, feeCoverageCents: 0 };
  if (
    giftCents !== null &&
    feeCoverageCents !== null &&
    feeCoverageCents > 0 &&
    giftCents > 0 &&
    giftCents + feeCoverageCents === chargedCents
  ) {
    return { giftCents, feeCoverageCents };
  }
  return { giftCents: chargedCents, feeCoverageCents: 0 };
}
