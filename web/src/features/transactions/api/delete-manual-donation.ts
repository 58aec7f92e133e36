import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { ManualDonationDeletedDto } from '../../../lib/api-types';
import { queryKeys } from '../../../lib/query-keys';

export function deleteManualDonation(manualDonationId: string): Promise<ManualDonationDeletedDto> {
  return apiSend<ManualDonationDeletedDto>(
    'DELETE',
    `/api/admin/manual-donations/${encodeURIComponent(manualDonationId)}`,
  );
}

/**
 * On success analytics and the donor lists are refreshed: the dashboard's donor list and, when deleted from a
 * donor profile, that donor's data (its totals and transaction list), so the row does not linger on screen.
 */
export function useDeleteManualDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteManualDonation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.analytics }),
        queryClient.invalidateQueries({ queryKey: queryKeys.ledger }),
        queryClient.invalidateQueries({ queryKey: queryKeys.donorList }),
        queryClient.invalidateQueries({ queryKey: queryKeys.donors }),
      ]),
  });
}
