/**
 * Money is integer cents everywhere inside; these are the edges. Dollars as numbers (for JSON the UI formats as
 * currency), as fixed two-decimal text (CSV, PDF, an input's value) and as US currency for people, all computed
 * from integers so no float drift; and dollars as people type them, read by one parser in server and browser.
 * This module imports nothing from Node: the web app's bundler reads it as it is.
 */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** '1250.00': CSV cells, PDF figures and the value of an amount input. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '$1,250.00': money as people read it, on screen and in mail. */
export function formatUsd(cents: number): string {
  const [whole, frac] = formatCents(Math.abs(cents)).split('.');
  return `${cents < 0 ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/**
 * The one grammar of dollars as typed (SPEC section 5, plus a leading $): digits, thousands commas only in whole
 * groups of three ("1,250" but not "1,25" or "12,50"), at most two decimals with at least one digit after the
 * point, and spaces around. Anything else ("1e3", "-5", "40.", ".5", "1.005", "1,2,3") is refused, never guessed
 * at. At most 9 whole digits (under a billion dollars, far past any gift the school takes), so every amount is an
 * exact integer of cents.
 */
const DOLLARS = /^\$?(\d{1,3}(?:,\d{3}){1,2}|\d{1,9})(?:\.(\d{1,2}))?$/;

/** The one refusal of text that is no amount (the words SPEC section 5 gives the manual form). */
export const DOLLARS_REFUSED = 'Enter a valid amount (e.g., 25.00 or 1,250.00)';

/**
 * Dollars as a person types them ("25", "$1,250.5", " 19.99 ") to integer cents, or null when the text breaks the
 * grammar above. Done on the digits as text ("1250" + "50" is 125050 cents), never by multiplying a float, where
 * 1.005 * 100 is 100.49999... A number (a JSON client's 25.5) is read as its decimal text. Ranges are the
 * caller's: 0 parses as 0.
 */
export function parseDollars(input: unknown): number | null {
  const text = typeof input === 'string' ? input.trim() : typeof input === 'number' ? String(input) : null;
  const m = text === null ? null : DOLLARS.exec(text);
  if (!m) return null;
  const whole = m[1].length > 3 ? m[1].replace(/,/g, '') : m[1];
  return Number(whole + ((m[2] ?? '') + '00').slice(0, 2));
}
