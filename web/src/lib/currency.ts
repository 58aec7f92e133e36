/**
 * Money at the edges (SPEC sections 3 and 9): amounts are integer cents inside the app and on the wire to our
 * API; people type and read US dollars with exactly 2 decimals.
 */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A number, numeric string or single-element array shown as US dollars with 2 decimals; empty or non-numeric
 * input shows $0.00.
 */
export function formatCurrency(value: unknown): string {
  let v = value;
  if (Array.isArray(v)) v = v.length === 1 ? v[0] : undefined;
  if (typeof v === 'string') v = v.trim() === '' ? NaN : Number(v.replace(/[$,\s]/g, ''));
  if (typeof v !== 'number' || !Number.isFinite(v)) return usd.format(0);
  return usd.format(v);
}

/** Provider amounts (transactions) are cents; SPEC section 9 divides by 100 for display. */
export function centsToDollars(cents: number | null | undefined): number {
  return Number(cents ?? 0) / 100;
}

/** Cents to "$1,234.56". */
export function formatCents(cents: number): string {
  return formatCurrency(cents / 100);
}

/** The form's amount text as a number of dollars (NaN when it does not parse). Commas and a $ are allowed. */
export function parseAmount(text: string): number {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^\d*\.?\d*$/.test(cleaned) || cleaned === '' || cleaned === '.') return NaN;
  return Number(cleaned);
}

/** Dollars to whole cents: multiply by 100 and round (SPEC section 9). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}
