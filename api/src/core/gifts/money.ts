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
