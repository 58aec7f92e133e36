import { apiRequest } from '../../../lib/api-client';
import type { DonationFormData } from '../types';

export interface RecordDonationPayload extends DonationFormData {
  /** Links the record to the payment the card step just confirmed (the server reads it back from Stripe). */
  paymentIntentId?: string;
  subscriptionId?: string;
  /** The create-payment-intent answer's token: without it the server refuses the record. */
  recordToken: string;
}

/** POST /api/donation: records the gift after a successful card payment (amount and details come from Stripe). */
export async function recordDonation(payload: RecordDonationPayload): Promise<{ success: boolean; id?: string }> {
  const res = await apiRequest('POST', '/api/donation', payload);
  return (await res.json()) as { success: boolean; id?: string };
}
