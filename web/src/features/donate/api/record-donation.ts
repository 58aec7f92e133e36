import { apiRequest } from '../../../lib/api-client';
import type { DonationFormData } from '../types';

export interface RecordDonationPayload extends DonationFormData {
  /** Links the record to the payment the card step just confirmed (the server checks it with Stripe). */
  paymentIntentId?: string;
  subscriptionId?: string;
}

/** POST /api/donation: records the donor's form data after a successful card payment. */
export async function recordDonation(payload: RecordDonationPayload): Promise<{ success: boolean; id?: string }> {
  const res = await apiRequest('POST', '/api/donation', payload);
  return (await res.json()) as { success: boolean; id?: string };
}
