import { dollarsToCents } from './money.js';

/**
 * What one online gift may be: $1 to $100,000 in whole cents. The floor keeps out the tiny probes of card
 * testers; the cap, typos. The donation form checks it at step 1 and the API refuses anything else, with the
 * same words. This module imports nothing from Node: the web app's bundler reads it as it is.
 */
export const MIN_GIFT_CENTS = 100;
export const MAX_GIFT_CENTS = 10_000_000;

export const GIFT_AMOUNT_MESSAGES = {
  /** SPEC section 5's 'Invalid Amount' description, for text that is no amount at all or not above 0. */
  invalid: 'Please enter a valid donation amount greater than 0.',
  fraction: 'Please enter the amount in whole cents, for example 40 or 40.25.',
  min: 'The minimum donation amount is $1.00.',
  max: 'The maximum online donation amount is $100,000.00. Please call us about larger gifts.',
} as const;

export type GiftAmountProblem = keyof typeof GIFT_AMOUNT_MESSAGES;
export type GiftAmountCheck = { ok: true; cents: number } | { ok: false; problem: GiftAmountProblem; message: string };

const fail = (problem: GiftAmountProblem): GiftAmountCheck => ({ ok: false, problem, message: GIFT_AMOUNT_MESSAGES[problem] });

/**
 * Dollars as a donor types them ("50", "1,250.50", "$40", " 40. ") checked against the gift rules. Read digit by
 * digit (dollarsToCents), never through a float, so "0.29" is 29 cents and "100000.00" is exactly the cap.
 */
export function checkGiftAmount(text: string): GiftAmountCheck {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^(\d+\.?\d*|\.\d+)$/.test(cleaned)) return fail('invalid');
  const frac = cleaned.split('.')[1] ?? '';
  const cents = dollarsToCents(cleaned);
  if (cents === null || (cents === 0 && !/[1-9]/.test(cleaned))) return fail('invalid');
  if (frac.length > 2 && /[1-9]/.test(frac.slice(2))) return fail('fraction');
  if (cents < MIN_GIFT_CENTS) return fail('min');
  if (cents > MAX_GIFT_CENTS) return fail('max');
  return { ok: true, cents };
}
