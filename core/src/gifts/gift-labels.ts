import { FREQUENCY_LABELS, type Frequency } from './frequencies.js';
import { DISPUTE_STATUSES_KEEPING_FUNDS, fundsHeldByDispute } from './net-amount.js';

/** Names of gift kinds as the admin screens and the exports show them (SPEC section 5 labels). */

export const MANUAL_DONATION_TYPES = ['cash', 'check', 'stock', 'item', 'crypto', 'other'] as const;
export type ManualDonationType = (typeof MANUAL_DONATION_TYPES)[number];

export const MANUAL_TYPE_LABELS: Record<ManualDonationType, string> = {
  cash: 'Cash',
  check: 'Check',
  stock: 'Stock/Securities',
  item: 'In-Kind Item',
  crypto: 'Cryptocurrency',
  other: 'Other',
};

/**
 * Gifts of money (IRS Pub. 1771): a card or bank payment, cash or a check. Their acknowledgments and statements
 * state the amount and they make up 'Total contributions'. Every other manual type (stock, in-kind item, crypto,
 * other) is a gift of property: described, never valued, on anything the donor receives.
 */
export const CASH_MANUAL_TYPES: readonly ManualDonationType[] = ['cash', 'check'];

/** A gift of property without its description is refused (the manual form, the API, a CSV import row). */
export const GIFT_DESCRIPTION_REQUIRED = 'Describe the gift (e.g., 100 shares of ACME or two wheelchairs)';

export function isCashGift(source: 'card' | 'manual', donationType: string | null): boolean {
  return source === 'card' || (CASH_MANUAL_TYPES as readonly string[]).includes(donationType ?? '');
}

export function giftTypeLabel(source: 'card' | 'manual', donationType: string | null): string {
  if (source === 'manual') return MANUAL_TYPE_LABELS[donationType as ManualDonationType] ?? donationType ?? 'Other';
  return FREQUENCY_LABELS[(donationType ?? 'one-time') as Frequency] ?? donationType ?? 'One-time';
}

/** 'Visa 4242' for a card, the type label for a manual gift. */
export function giftMethodLabel(
  source: 'card' | 'manual',
  donationType: string | null,
  brand: string | null,
  last4: string | null,
): string {
  if (source === 'manual') return giftTypeLabel('manual', donationType);
  const name = brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : last4 ? 'Bank account' : 'Card';
  return last4 ? `${name} ${last4}` : name;
}

/**
 * The status a card gift shows. Stripe keeps status 'succeeded' on refunded and disputed charges; the admin
 * needs to see what happened to the money, so refunds and open or lost disputes take precedence.
 */
export function chargeDisplayStatus(c: {
  status: string;
  amount: number;
  amount_refunded: number;
  disputed: boolean;
  dispute_status: string | null;
}): string {
  if (c.status !== 'succeeded') return c.status;
  if (fundsHeldByDispute(c)) return 'disputed';
  if (c.amount_refunded >= c.amount && c.amount > 0) return 'refunded';
  if (c.amount_refunded > 0) return 'partially_refunded';
  return 'succeeded';
}

/** chargeDisplayStatus as an SQL expression over the charges columns of `alias`, for filters by status. */
export function chargeDisplayStatusSql(alias: string): string {
  const c = (name: string) => `${alias}.${name}`;
  const kept = DISPUTE_STATUSES_KEEPING_FUNDS.map((s) => `'${s}'`).join(', ');
  return `CASE WHEN ${c('status')} <> 'succeeded' THEN ${c('status')}
    WHEN ${c('disputed')} AND coalesce(${c('dispute_status')}, '') NOT IN (${kept}) THEN 'disputed'
    WHEN ${c('amount_refunded')} >= ${c('amount')} AND ${c('amount')} > 0 THEN 'refunded'
    WHEN ${c('amount_refunded')} > 0 THEN 'partially_refunded' ELSE 'succeeded' END`;
}
