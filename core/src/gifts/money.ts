/**
 * Money is integer cents everywhere inside; these are the two edges. Dollars as numbers (for JSON the UI
 * formats as currency) and as fixed two-decimal text (CSV, PDF), computed from integers so no float drift.
 */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '$1,250.00' */
export function formatUsd(cents: number): string {
  const [whole, frac] = formatCents(Math.abs(cents)).split('.');
  return `${cents < 0 ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** Dollars as a person types them ("1,250.50", "$40", "40."), with signs, separators and spaces dropped. */
export function dollarText(value: unknown): unknown {
  return typeof value === 'number' ? String(value) : typeof value === 'string' ? value.replace(/[$,\s]/g, '') : value;
}

/** What the donation form may send as dollars once dollarText has cleaned it: 9 whole digits, 6 decimals. */
export const DOLLAR_TEXT = /^(\d{1,9}(\.\d{0,6})?|\.\d{1,6})$/;

/**
 * Dollars as text ("19.99", "1250.50", ".5") to integer cents, read digit by digit and never through a float
 * (where 1.005 * 100 is 100.49999...). Commas and currency signs are the caller's to strip. Beyond two
 * decimals the amount is rounded half up on the third decimal, which is exact: "0.005" is 1 cent, "0.0049"
 * is 0. Null for anything else ("1e3", "-5", "", ".", "Infinity") and for more than 13 whole digits.
 */
export function dollarsToCents(text: string): number | null {
  const m = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[1] === '' && !m[2])) return null;
  const [, whole, frac = ''] = m;
  if (whole.length > 13) return null;
  const cents = Number(whole || '0') * 100 + Number(frac.slice(0, 2).padEnd(2, '0'));
  return frac.length > 2 && frac[2] >= '5' ? cents + 1 : cents;
}
