import { apiSend, errorMessage } from '../../../lib/api-client';
import type { CreatePaymentIntentDto, PaymentIntentResponseDto } from '../../../lib/api-types';
import type { PaymentMethodType } from '../../../../../core/src/gifts/fee-coverage';
import type { DonationFormData } from '../types';
import { donorDetails } from './donor-details';

/** The gift's attribution as the server takes it: an empty value is left out. */
function attribution(form: DonationFormData) {
  const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());
  return {
    appeal: optional(form.appeal),
    utmSource: optional(form.utmSource),
    utmCampaign: optional(form.utmCampaign),
    showName: Boolean(form.appeal) && form.showName,
  };
}

/**
 * POST /api/create-payment-intent {amount (cents), donationData, paymentMethodType}. One-time gifts get a
 * PaymentIntent, recurring ones a subscription; either way the answer is a client secret the card step confirms,
 * and the record token that alone can record the gift. The method chosen tells the server which fee covering the
 * fees makes up. Errors carry the server's message, or 'Failed to create payment intent'.
 */
export async function createPaymentIntent(
  amountCents: number,
  form: DonationFormData,
  paymentMethodType: PaymentMethodType,
): Promise<PaymentIntentResponseDto> {
  let start: PaymentIntentResponseDto | undefined;
  try {
    start = await apiSend<PaymentIntentResponseDto, CreatePaymentIntentDto>('POST', '/api/create-payment-intent', {
      amount: amountCents,
      donationData: donorDetails(form),
      paymentMethodType,
      ...attribution(form),
    });
  } catch (err) {
    throw new Error(errorMessage(err, 'Failed to create payment intent'), { cause: err });
  }
  if (!start?.clientSecret || !start.recordToken) throw new Error('Failed to create payment intent');
  return start;
}
