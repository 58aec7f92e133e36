import type { CardFee } from './fee-coverage.js';

/** One recent card charge as its balance transaction states it: what was charged and what Stripe kept. */
export interface CardFeeSample {
  amountCents: number;
  feeCents: number;
}

/** Stripe's published US card prices: the standard 2.9% + 30 cents and the non-profit discount, 2.2% + 30 cents. */
export const PUBLISHED_CARD_FEES: readonly CardFee[] = [
  { basisPoints: 290, fixedCents: 30 },
  { basisPoints: 220, fixedCents: 30 },
];

/** Fewer recent card charges than this say too little: the configured fee is used. */
export const MIN_CARD_FEE_SAMPLES = 5;

/** The fee Stripe takes from a card charge: the percentage rounded to the nearest cent, half up, plus the fixed part. */
function feeOf(amountCents: number, fee: CardFee): number {
  return Math.round((amountCents * fee.basisPoints) / 10_000) + fee.fixedCents;
}

/** The median of the basis points each sample implies once the fixed part is taken off (a rate no list has). */
function impliedRate(samples: readonly CardFeeSample[], fixedCents: number): CardFee | null {
  const rates = samples
    .filter((s) => s.amountCents > 0 && s.feeCents >= fixedCents)
    .map((s) => Math.round(((s.feeCents - fixedCents) * 10_000) / s.amountCents))
    .sort((a, b) => a - b);
  if (!rates.length) return null;
  const basisPoints = rates[Math.floor(rates.length / 2)];
  return basisPoints < 10_000 ? { basisPoints, fixedCents } : null;
}

/**
 * The card fee the school's Stripe account really pays, read from its recent card charges: the candidate price
 * (the configured one, Stripe's published ones, or the median rate the charges imply on the same fixed part)
 * that gives exactly the fee of most charges. Too few charges, or no price that explains more than half of them
 * (mixed international cards, custom pricing with another fixed part), and the configured fee stands.
 */
export function cardFeeFromCharges(samples: readonly CardFeeSample[], configured: CardFee): CardFee {
  if (samples.length < MIN_CARD_FEE_SAMPLES) return configured;
  const candidates = [configured, ...PUBLISHED_CARD_FEES];
  for (const fixedCents of new Set([configured.fixedCents, ...PUBLISHED_CARD_FEES.map((f) => f.fixedCents)])) {
    const implied = impliedRate(samples, fixedCents);
    if (implied) candidates.push(implied);
  }
  let best = configured;
  let bestMatches = -1;
  for (const c of candidates) {
    const matches = samples.filter((s) => s.feeCents === feeOf(s.amountCents, c)).length;
    if (matches > bestMatches) [best, bestMatches] = [c, matches];
  }
  return bestMatches * 2 > samples.length ? { basisPoints: best.basisPoints, fixedCents: best.fixedCents } : configured;
}
