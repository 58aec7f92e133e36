/**
 * Money is integer cents everywhere inside; these are the edges. Dollars as numbers (for JSON the UI formats as
 * currency), as fixed two-decimal text (CSV, PDF, an input's value) and as US currency for people, all computed
 * from integers so no float drift; and dollars as people type them, read by one parser in server and browser.
 * This module imports nothing from Node: the web app's bundler reads it as it is.
 */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * '1250.00': CSV cells, PDF figures and the value of an amount input. Whole cents take no global lookup (each
 * costs about 0.2 us in the test runner's sandbox, and a test writes ten million amounts with this).
 */
export function formatCents(cents: number): string {
  const whole = cents % 1 === 0 ? cents : Math.round(cents);
  const abs = whole < 0 ? -whole : whole;
  const rest = abs % 100;
  return `${whole < 0 ? '-' : ''}${(abs - rest) / 100}.${rest < 10 ? '0' : ''}${rest}`;
}

/** '$1,250.00': money as people read it, on screen and in mail. */
export function formatUsd(cents: number): string {
  const [whole, frac] = formatCents(Math.abs(cents)).split('.');
  return `${cents < 0 ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** The one refusal of text that is no amount (the words SPEC section 5 gives the manual form). */
export const DOLLARS_REFUSED = 'Enter a valid amount (e.g., 25.00 or 1,250.00)';

const DOLLAR_SIGN = 36;
const COMMA = 44;
const POINT = 46;
const digitAt = (text: string, i: number) => {
  const d = text.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : -1;
};

/**
 * Dollars as a person types them ("25", "$1,250.5", " 19.99 ") to integer cents, or null. The one grammar, in
 * server and browser (SPEC section 5, plus a leading $): an optional $, 1 to 9 whole digits (under a billion
 * dollars, far past any gift the school takes) with thousands commas only between whole groups of three ("1,250",
 * not "1,25" or "12,50"), then optionally a point and one or two digits; spaces around are dropped. Anything else
 * ("1e3", "-5", "40.", ".5", "1.005", "1,2,3", "$ 5") is refused, never guessed at.
 *
 * Read digit by digit into an integer of cents, never by multiplying a fraction (1.15 * 100 is 114.99999999999999),
 * and without a regular expression: a test reads all ten million amounts up to $100,000 through it. A number (a
 * JSON client's 25.5) is read as its decimal text. Ranges are the caller's: 0 parses as 0.
 */
export function parseDollars(input: unknown): number | null {
  const text = typeof input === 'string' ? input.trim() : typeof input === 'number' ? String(input) : '';
  let i = text.charCodeAt(0) === DOLLAR_SIGN ? 1 : 0;
  let whole = 0;
  let digits = 0;
  let group = -1; // digits since the last comma; -1 before the first
  for (; i < text.length; i++) {
    const d = digitAt(text, i);
    if (d >= 0) {
      whole = whole * 10 + d;
      digits++;
      if (group >= 0) group++;
    } else if (text.charCodeAt(i) === COMMA && (group === -1 ? digits >= 1 && digits <= 3 : group === 3)) {
      group = 0;
    } else break;
  }
  if (digits === 0 || digits > 9 || (group !== -1 && group !== 3)) return null;
  if (i === text.length) return whole * 100;
  const decimals = text.length - i - 1;
  if (text.charCodeAt(i) !== POINT || decimals < 1 || decimals > 2) return null;
  const tenths = digitAt(text, i + 1);
  const hundredths = decimals === 2 ? digitAt(text, i + 2) : 0;
  return tenths < 0 || hundredths < 0 ? null : whole * 100 + tenths * 10 + hundredths;
}
