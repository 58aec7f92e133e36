import { DOLLARS_REFUSED, parseDollars } from './money.js';

/**
 * What a manual gift (cash, check, property: the admin's form, the API and the donor import's rows) may be: more
 * than $0 and less than ten million dollars, typed in the one dollars grammar. Browser-safe, like money.ts: the
 * manual-gift form checks by it and the server refuses the same text with the same words.
 */
export const MAX_MANUAL_CENTS_EXCLUSIVE = 1_000_000_000;

/** SPEC section 5's words for an amount that breaks the grammar or the range. */
export const MANUAL_AMOUNT_MESSAGE = DOLLARS_REFUSED;

/** '1,250.5' -> 125050; null when the text is no amount, is 0 or is ten million dollars or more. */
export function manualAmountCents(input: unknown): number | null {
  const cents = parseDollars(input);
  return cents !== null && cents > 0 && cents < MAX_MANUAL_CENTS_EXCLUSIVE ? cents : null;
}
