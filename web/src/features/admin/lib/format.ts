import { format } from 'date-fns';
import { DONATION_TYPES, type CardInfo, type Transaction } from '../api/types';

/**
 * SPEC section 3, currency display (number, numeric string or single-element array as US dollars with 2
 * decimals; $0.00 otherwise): the site-wide formatter, shared with the donation flow.
 */
export { formatCurrency } from '../../../lib/currency';

/** Provider amounts (transactions) are cents; SPEC section 9 divides by 100 for display. */
export function centsToDollars(cents: number | null | undefined): number {
  return Number(cents ?? 0) / 100;
}

/**
 * The one conversion point for donor statistics (donationStats.totalDonated / averageDonation and the list
 * summary's totalLifetimeValue). The dashboard API returns these in dollars (api/src/dashboard), like the
 * analytics overview; if that ever changes to cents, change only this function.
 */
export function donorStatDollars(value: number | null | undefined): number {
  return Number(value ?? 0);
}

export const DATE_FORMAT = 'MMM dd, yyyy';
export const DATE_TIME_FORMAT = 'MMM dd, yyyy HH:mm';

export function fromUnix(seconds: number): Date {
  return new Date(Number(seconds) * 1000);
}

export function formatUnixDate(seconds: number | null | undefined, pattern = DATE_FORMAT): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(Number(seconds))) return 'N/A';
  return format(fromUnix(seconds), pattern);
}

export function cardOf(tx: Pick<Transaction, 'card' | 'payment_method'>): CardInfo | null {
  const card = tx.card ?? tx.payment_method?.card ?? null;
  return card && (card.brand || card.last4) ? card : null;
}

export function brandLabel(brand: string | null | undefined): string {
  if (!brand) return 'Card';
  return brand.charAt(0).toUpperCase() + brand.slice(1);
}

export function cardLabel(card: CardInfo): string {
  return `${brandLabel(card.brand)} •••• ${card.last4 ?? ''}`.trim();
}

export function donationTypeLabel(type: string | null | undefined): string {
  if (!type) return 'Manual';
  return DONATION_TYPES.find((t) => t.value === type)?.label ?? type;
}

/** Payment-method cell: manual rows show the donation type, card rows brand and last 4, otherwise N/A. */
export function paymentMethodLabel(tx: Transaction): string {
  if (tx.type === 'manual') return donationTypeLabel(tx.donation_type);
  const card = cardOf(tx);
  return card ? cardLabel(card) : 'N/A';
}

export function joinParts(parts: (string | null | undefined)[]): string {
  return parts.map((p) => (p ?? '').trim()).filter(Boolean).join(', ');
}
