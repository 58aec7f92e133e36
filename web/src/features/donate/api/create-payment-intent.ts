import { apiRequest, errorMessage } from '../../../lib/api-client';
import type { PaymentMethodType } from '../../../../../core/src/gifts/fee-coverage';
import type { DonationFormData } from '../types';

export interface PaymentIntentResponse {
  clientSecret: string;
  /** Set for monthly, quarterly and annual gifts: the Stripe subscription whose first invoice is being paid. */
  subscriptionId?: string;
  /** Issued for this payment only; sent back with the record so that only this page can record the gift. */
  recordToken: string;
}

/**
 * POST /api/create-payment-intent {amount (cents), donationData, paymentMethodType}. One-time gifts get a
 * PaymentIntent, recurring ones a subscription; either way the answer is a client secret the card step confirms.
 * The method chosen tells the server which fee covering the fees makes up. Errors carry the server's message, or
 * 'Failed to create payment intent'.
 */
export async function createPaymentIntent(amountCents: number, donationData: DonationFormData, paymentMethodType: PaymentMethodType): Promise<PaymentIntentResponse> {
  let res: Response;
  try {
    res = await apiRequest('POST', '/api/create-payment-intent', { amount: amountCents, donationData, paymentMethodType });
  } catch (err) {
    throw new Error(errorMessage(err, 'Failed to create payment intent'), { cause: err });
  }
  const body = (await res.json().catch(() => ({}))) as Partial<PaymentIntentResponse>;
  if (!body.clientSecret || !body.recordToken) throw new Error('Failed to create payment intent');
  return { clientSecret: body.clientSecret, subscriptionId: body.subscriptionId, recordToken: body.recordToken };
}
