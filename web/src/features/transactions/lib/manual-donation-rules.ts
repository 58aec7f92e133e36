import { GIFT_DESCRIPTION_REQUIRED, isCashGift } from '../../../../../core/src/gifts/gift-labels';
import { MANUAL_AMOUNT_MESSAGE, manualAmountCents } from '../../../../../core/src/gifts/manual-amount';
import { formatCents } from '../../../../../core/src/gifts/money';
import { needsIrsReceipt } from '../../../../../core/src/gifts/net-amount';
import type { CreateManualDonationDto } from '../../../lib/api-types';
import { isDonationType, type DonationType } from './transaction-labels';

/**
 * The manual (offline) donation form's rules, apart from its markup so they can be tested as they are. The amount
 * and the goods' value are read by core's manual amount rule (the one dollars grammar, more than $0 and under
 * $10,000,000), the same the API checks the payload by, so the form never passes text the server refuses.
 */
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ManualDonationValues {
  donorName: string;
  donorEmail: string;
  donorPhone: string;
  donorAddress: string;
  amount: string;
  donationType: DonationType;
  donationDate: string;
  notes: string;
  /** What a gift of property was (stock, item, crypto, other). */
  giftDescription: string;
  /** Whether the donor received goods or services in return (the quid-pro-quo disclosure). */
  receivedGoods: boolean;
  goodsDescription: string;
  goodsValue: string;
  /** The fund's id as text; '' is General. */
  fundId: string;
  /** The appeal the gift is credited to (its id); '' is none. */
  appealId: string;
}

/** A blank form given on `day` ('yyyy-MM-dd'): a cash gift to no fund in particular. */
export function emptyManualDonation(day: string): ManualDonationValues {
  return {
    donorName: '',
    donorEmail: '',
    donorPhone: '',
    donorAddress: '',
    amount: '',
    notes: '',
    giftDescription: '',
    receivedGoods: false,
    goodsDescription: '',
    goodsValue: '',
    fundId: '',
    appealId: '',
    donationType: 'cash',
    donationDate: day,
  };
}

export type ManualDonationErrors = Partial<Record<Exclude<keyof ManualDonationValues, 'receivedGoods'>, string>>;

/** Gifts of property (stock, item, crypto, other): described on the donor's documents, never valued (core's rule). */
export const isPropertyType = (type: string) => !isCashGift('manual', type);

/** SPEC section 5's live IRS warning: the amount as typed is $250 or more (the server's own threshold). */
export function showsIrsWarning(amount: string): boolean {
  const cents = manualAmountCents(amount);
  return cents !== null && needsIrsReceipt(cents);
}

export function validateManualDonation(v: ManualDonationValues): ManualDonationErrors {
  const errors: ManualDonationErrors = {};
  if (!v.donorName.trim()) errors.donorName = 'Donor name is required';
  if (v.donorEmail.trim() && !EMAIL_RE.test(v.donorEmail.trim())) errors.donorEmail = 'Enter a valid email address';
  const amount = manualAmountCents(v.amount);
  if (amount === null) errors.amount = MANUAL_AMOUNT_MESSAGE;
  if (!isDonationType(v.donationType)) errors.donationType = 'Choose a donation type';
  if (!v.donationDate) errors.donationDate = 'Donation date is required';
  if (isPropertyType(v.donationType) && !v.giftDescription.trim()) errors.giftDescription = GIFT_DESCRIPTION_REQUIRED;
  if (v.receivedGoods) {
    if (!v.goodsDescription.trim()) errors.goodsDescription = 'Describe what the donor received in return';
    const value = manualAmountCents(v.goodsValue);
    if (value === null) errors.goodsValue = 'Enter the fair-market value as an amount (e.g., 40.00)';
    else if (amount !== null && value > amount)
      errors.goodsValue = 'The value of what the donor received cannot be more than the gift';
  }
  return errors;
}

/**
 * An amount as the payload carries it: plain dollars written from the cents the form read ("$1,250" -> "1250.00"),
 * the text as typed when it is no amount (the server then says why).
 */
export function payloadDollars(text: string): string {
  const cents = manualAmountCents(text);
  return cents === null ? text.trim() : formatCents(cents);
}

/**
 * The API's payload (SPEC section 3: the amounts as text with their commas stripped, by payloadDollars); the date
 * at noon local time on the chosen day, so the ISO timestamp never slips to the day before in any US zone.
 */
export function toPayload(v: ManualDonationValues, stripeCustomerId?: string): CreateManualDonationDto {
  const opt = (s: string) => (s.trim() ? s.trim() : undefined);
  return {
    stripeCustomerId,
    donorName: v.donorName.trim(),
    donorEmail: opt(v.donorEmail),
    donorPhone: opt(v.donorPhone),
    donorAddress: opt(v.donorAddress),
    amount: payloadDollars(v.amount),
    donationType: v.donationType,
    donationDate: new Date(`${v.donationDate}T12:00:00`).toISOString(),
    notes: opt(v.notes),
    giftDescription: isPropertyType(v.donationType) ? opt(v.giftDescription) : undefined,
    goodsDescription: v.receivedGoods ? opt(v.goodsDescription) : undefined,
    goodsValue: v.receivedGoods && v.goodsValue.trim() ? payloadDollars(v.goodsValue) : undefined,
    fundId: v.fundId ? Number(v.fundId) : undefined,
    appealId: v.appealId || undefined,
  };
}
