/**
 * Dollars the API sends as numbers (SPEC section 9's analytics, recurring and donor figures), shown as US dollars
 * with 2 decimals. Cents (every other amount) are core's to show: formatUsd in core/src/gifts/money.ts, the one
 * rule server and browser share; dollars as typed are read by its parseDollars.
 */
const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * A number of dollars (a chart passes a number or a one-element array; the API may send numeric text) as
 * "$1,234.56"; anything else shows $0.00.
 */
export function formatDollars(value: unknown): string {
  let v = value;
  if (Array.isArray(v)) v = v.length === 1 ? v[0] : undefined;
  if (typeof v === 'string') v = v.trim() === '' ? NaN : Number(v);
  if (typeof v !== 'number' || !Number.isFinite(v)) return usd.format(0);
  return usd.format(v);
}
