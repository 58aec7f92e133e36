import { parseDollars } from './money.js';

/**
 * What one online gift may be: $1 to $100,000 in whole cents. The floor keeps out the tiny probes of card
 * testers; the cap, typos. The donation form checks it at step 1 and the API refuses anything else, with the
 * same words. This module imports nothing from Node: the web app's bundler reads it as it is.
 */
export const MIN_GIFT_CENTS = 100;
export const MAX_GIFT_CENTS = 10_000_000;

export const GIFT_AMOUNT_MESSAGES = {
  /**
   * SPEC section 5's 'Invalid Amount' description, for text the one dollars grammar refuses (money.ts: parseDollars)
   * and for 0: the donation form keeps the SPEC's words where other forms say DOLLARS_REFUSED.
   */
  invalid: 'Please enter a valid donation amount greater than 0.',
  min: 'The minimum donation amount is $1.00.',
  max: 'The maximum online donation amount is $100,000.00. Please call us about larger gifts.',
} as const;

export type GiftAmountProblem = keyof typeof GIFT_AMOUNT_MESSAGES;
export type GiftAmountCheck = { ok: true; cents: number } | { ok: false; problem: GiftAmountProblem; message: string };

const fail = (problem: GiftAmountProblem): GiftAmountCheck => ({
  ok: false,
  problem,
  message: GIFT_AMOUNT_MESSAGES[problem],
});

/**
 * Dollars as a donor types them ("50", "1,250.50", "$40", " 40.25 ") checked against the gift rules, read by the
 * one dollars parser (never through a float), so "0.29" is 29 cents and "100000.00" is exactly the cap.
 */
export function checkGiftAmount(text: string): GiftAmountCheck {
  const cents = parseDollars(text);
  if (cents === null || cents === 0) return fail('invalid');
  if (cents < MIN_GIFT_CENTS) return fail('min');
  if (cents > MAX_GIFT_CENTS) return fail('max');
  return { ok: true, cents };
}
