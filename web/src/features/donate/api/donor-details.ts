import type { IntentDonationDataDto } from '../../../lib/api-types';
import type { DonationFormData } from '../types';

/**
 * The form's values as the API's donor details (DonorDetailsDto): text as typed, an empty optional field left out
 * (the server reads an empty one as absent too), the fund as its id ('' is General: no fund named).
 */
export function donorDetails(form: DonationFormData): IntentDonationDataDto {
  const optional = (text: string) => (text.trim() === '' ? undefined : text);
  return {
    amount: optional(form.amount),
    frequency: form.frequency,
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email,
    phone: optional(form.phone),
    address: optional(form.address),
    city: optional(form.city),
    state: optional(form.state),
    zipCode: optional(form.zipCode),
    coverFees: form.coverFees,
    fundId: /^\d+$/.test(form.fundId) ? Number(form.fundId) : undefined,
    tributeKind: form.tributeKind,
    tributeName: optional(form.tributeName),
    tributeEmail: optional(form.tributeEmail),
    tributeAddress: optional(form.tributeAddress),
    tributeShowAmount: form.tributeShowAmount,
  };
}
