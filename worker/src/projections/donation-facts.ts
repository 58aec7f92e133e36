import { validFrequency } from '../../../core/src/gifts/frequencies.js';
import { splitCharge, type PaymentMethodType } from '../../../core/src/gifts/fee-coverage.js';
import { firstDesignation } from '../../../core/src/gifts/gift-designation.js';

/** Fund 1, General: every gift's fund unless its payment names another. */
export const GENERAL_FUND_ID = 1;

export interface DonationFacts {
  frequency: string;
  donation_type: string | null;
  source: string | null;
  fund_id: number;
  /** The part of the charge the donor added to cover the card fee: Stripe's amount split as our server stated it. */
  fee_coverage: number;
  tribute_kind: string | null;
  tribute_name: string | null;
  tribute_notify_email: string | null;
  tribute_notify_address: string | null;
  tribute_show_amount: boolean;
}

export interface DonationFactSources {
  /** What Stripe charged (the fee split must add up to it). */
  amount: number;
  chargeMetadata: Record<string, string>;
  paymentIntentMetadata?: Record<string, string> | null;
  subscription?: { frequency: string | null; metadata: Record<string, string> } | null;
  /** What is known of the subscription when its row is not in the read model yet (invoice metadata, API). */
  subscriptionFrequencyHint?: string | null;
  /** Whether the charge belongs to a subscription invoice (a renewal never defaults to one-time). */
  recurring: boolean;
  /** The method that paid, when the charge says: a fee coverage counts only for the method it was computed for. */
  paidWith?: PaymentMethodType | null;
}

/**
 * Frequency, donation type, source and designation (fund, fee coverage, tribute) of a gift. The charge's metadata first (Stripe copies the payment
 * intent's metadata, which the donation endpoint fills for one-time gifts), then the payment intent's,
 * then the subscription's: renewal charges carry no metadata of their own.
 */
export function resolveDonationFacts(s: DonationFactSources): DonationFacts {
  const pi = s.paymentIntentMetadata ?? {};
  const sub = s.subscription?.metadata ?? {};
  const frequency =
    validFrequency(s.chargeMetadata.frequency) ??
    validFrequency(pi.frequency) ??
    validFrequency(s.subscription?.frequency) ??
    validFrequency(s.subscriptionFrequencyHint) ??
    (s.recurring ? 'monthly' : 'one-time');
  const d = firstDesignation(s.chargeMetadata, pi, sub);
  return {
    frequency,
    donation_type: s.chargeMetadata.donation_type ?? pi.donation_type ?? sub.donation_type ?? frequency,
    source: s.chargeMetadata.source ?? pi.source ?? sub.source ?? null,
    fund_id: d.fundId ?? GENERAL_FUND_ID,
    fee_coverage: splitCharge(s.amount, d, s.paidWith).feeCoverageCents,
    tribute_kind: d.tribute?.kind ?? null,
    tribute_name: d.tribute?.name ?? null,
    tribute_notify_email: d.tribute?.notifyEmail ?? null,
    tribute_notify_address: d.tribute?.notifyAddress ?? null,
    tribute_show_amount: d.tribute?.showAmount ?? false,
  };
}
