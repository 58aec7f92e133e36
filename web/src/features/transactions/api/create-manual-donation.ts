import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { CreateManualDonationDto, ManualDonationDto } from '../../../lib/api-types';

export async function createManualDonation(payload: CreateManualDonationDto): Promise<ManualDonationDto> {
  return apiSend<ManualDonationDto, CreateManualDonationDto>('POST', '/api/admin/manual-donations', payload);
}

/** Refreshes manual donations, analytics, customers and, when the gift is tied to a donor, that donor's data. */
export function useCreateManualDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createManualDonation,
    onSuccess: (_data, payload) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.manualDonations }),
        queryClient.invalidateQueries({ queryKey: queryKeys.analytics }),
        queryClient.invalidateQueries({ queryKey: queryKeys.ledger }),
        queryClient.invalidateQueries({ queryKey: queryKeys.donorList }),
        // Its acknowledgment appears among the donor's messages, and its year among their statement years.
        queryClient.invalidateQueries({ queryKey: queryKeys.donorMail }),
        payload.stripeCustomerId
          ? queryClient.invalidateQueries({ queryKey: queryKeys.donorYears(payload.stripeCustomerId) })
          : undefined,
        payload.stripeCustomerId
          ? queryClient.invalidateQueries({ queryKey: queryKeys.donor(payload.stripeCustomerId) })
          : undefined,
      ]),
  });
}
