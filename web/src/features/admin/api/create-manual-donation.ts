import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { analyticsQueryKey } from './get-analytics';
import { customerQueryKey } from './get-customer';
import { customersQueryKey } from './get-customers';
import type { ManualDonationPayload } from './types';

export const manualDonationsQueryKey = ['/api/admin/manual-donations'] as const;

export async function createManualDonation(payload: ManualDonationPayload): Promise<{ amount: number | string }> {
  const res = await apiRequest('POST', '/api/admin/manual-donations', payload);
  return (await res.json()) as { amount: number | string };
}

/** Refreshes manual donations, analytics, customers and, when the gift is tied to a donor, that donor's data. */
export function useCreateManualDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createManualDonation,
    onSuccess: (_data, payload) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: manualDonationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: analyticsQueryKey }),
        queryClient.invalidateQueries({ queryKey: customersQueryKey }),
        payload.stripeCustomerId ? queryClient.invalidateQueries({ queryKey: customerQueryKey(payload.stripeCustomerId) }) : undefined,
      ]),
  });
}
