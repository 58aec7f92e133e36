import { feeCoverageFor, feeFor, type PaymentFee, type PaymentMethodType } from '../../../core/src/gifts/fee-coverage';
import { checkGiftAmount } from '../../../core/src/gifts/gift-amount';
import { useDonationOptions } from './donation-options';

/** What a gift's total is computed from: the amount as typed and whether the donor covers the fees. */
export interface GiftTotalInput {
  amount: string;
  coverFees: boolean;
}

export interface GiftTotal {
  /** What the donor means the school to have. */
  giftCents: number;
  /** What covering the fees adds (0 when not ticked or the fee is unknown). */
  feeCents: number;
  /** What is charged. */
  totalCents: number;
}

/** The gift, its fee coverage and the charge, by the same rule the server charges by (core/src/gifts/fee-coverage.ts). */
export function giftTotal(form: GiftTotalInput, fee: PaymentFee | undefined): GiftTotal | null {
  const check = checkGiftAmount(form.amount.trim());
  if (!check.ok) return null;
  const feeCents = form.coverFees && fee ? feeCoverageFor(check.cents, fee) : 0;
  return { giftCents: check.cents, feeCents, totalCents: check.cents + feeCents };
}

/** giftTotal with the configured fee (loaded once for the page) of the chosen method: a card unless said otherwise. */
export function useGiftTotal(form: GiftTotalInput, method?: PaymentMethodType): GiftTotal | null {
  const { data } = useDonationOptions();
  return giftTotal(form, data && feeFor(method, data));
}
