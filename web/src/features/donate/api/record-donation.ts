import { apiSend } from '../../../lib/api-client';
import type { DonationRecordedDto, ReceiptStatusQueryDto, RecordDonationDto } from '../../../lib/api-types';
import type { DonationFormData } from '../types';
import { donorDetails } from './donor-details';

/**
 * POST /api/donation: records the gift after a successful card payment (amount and details come from Stripe).
 * `payment` links the record to the payment the card step just confirmed, with the create-payment-intent
 * answer's record token: without it the server refuses the record.
 */
export function recordDonation(form: DonationFormData, payment: ReceiptStatusQueryDto): Promise<DonationRecordedDto> {
  return apiSend<DonationRecordedDto, RecordDonationDto>('POST', '/api/donation', {
    ...donorDetails(form),
    amount: form.amount,
    ...payment,
  });
}
