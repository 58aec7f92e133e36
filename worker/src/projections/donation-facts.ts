import { validFrequency } from '../../../core/src/gifts/frequencies.js';

export interface DonationFacts {
  frequency: string;
  donation_type: string | null;
  source: string | null;
}

export interface DonationFactSources {
  chargeMetadata: Record<string, string>;
  paymentIntentMetadata?: Record<string, string> | null;
  subscription?: { frequency: string | null; metadata: Record<string, string> } | null;
  /** What is known of the subscription when its row is not in the read model yet (invoice metadata, API). */
  subscriptionFrequencyHint?: string | null;
  /** Whether the charge belongs to a subscription invoice (a renewal never defaults to one-time). */
  recurring: boolean;
}

/**
 * Frequency, donation type and source of a gift. The charge's metadata first (Stripe copies the payment
 * intent's metadata, which the donation endpoint fills for one-time gifts), then the payment intent's,
 * then the subscription's: renewal charges carry no metadata of their own.
 */
export function resolveDonationFacts(s: DonationFactSources): DonationFacts {
  const pi = s.paymentIntentMetadata ?? {};
  const sub = s.subscription?.metadata ?? {};
  const frequency =
    validFrequency(s.chargeMetadata.frequency) ?? validFrequency(pi.frequency) ?? validFrequency(s.subscription?.frequency) ??
    validFrequency(s.subscriptionFrequencyHint) ?? (s.recurring ? 'monthly' : 'one-time');
  return {
    frequency,
    donation_type: s.chargeMetadata.donation_type ?? pi.donation_type ?? sub.donation_type ?? frequency,
    source: s.chargeMetadata.source ?? pi.source ?? sub.source ?? null,
  };
}
