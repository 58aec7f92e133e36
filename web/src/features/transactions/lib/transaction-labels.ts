import { isCashGift, MANUAL_TYPE_LABELS } from '../../../../../core/src/gifts/gift-labels';
import type { CardDto, CreateManualDonationDto, TransactionDto } from '../../../lib/api-types';
import { cardLabel } from '../../../lib/format';

export type DonationType = CreateManualDonationDto['donationType'];

/** SPEC section 5: the manual gift kinds and labels, from the server's gift rules (one list for both). */
const DONATION_TYPE_LABELS: Record<DonationType, string> = MANUAL_TYPE_LABELS;

export const DONATION_TYPES = (Object.keys(DONATION_TYPE_LABELS) as DonationType[]).map((value) => ({
  value,
  label: DONATION_TYPE_LABELS[value],
}));

export function isDonationType(value: string): value is DonationType {
  return value in DONATION_TYPE_LABELS;
}

export function donationTypeLabel(type: string | null | undefined): string {
  if (!type) return 'Manual';
  return isDonationType(type) ? DONATION_TYPE_LABELS[type] : type;
}

/** The card of a transaction: on the row itself (recent transactions) or under payment_method (a donor's list). */
export function cardOf(tx: Pick<TransactionDto, 'card' | 'payment_method'>): CardDto | null {
  const card = tx.card ?? tx.payment_method?.card ?? null;
  return card && (card.brand || card.last4) ? card : null;
}

/** Payment-method cell: manual rows show the donation type, card rows brand and last 4, bank debits the account's last 4, otherwise N/A. */
export function paymentMethodLabel(tx: TransactionDto): string {
  if (tx.type === 'manual') return donationTypeLabel(tx.donation_type);
  const card = cardOf(tx);
  if (card) return cardLabel(card);
  return tx.bank_last4 ? `Bank •••• ${tx.bank_last4}` : 'N/A';
}

/** A gift of property's amount is the school's own estimate, for its books: labelled so wherever an admin sees it. */
export function isEstimate(tx: Pick<TransactionDto, 'type' | 'donation_type'>): boolean {
  return tx.type === 'manual' && !isCashGift('manual', tx.donation_type ?? null);
}
