import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { DeletedDto } from '../../../lib/api-types';
import { queryKeys } from '../../../lib/query-keys';

export function deleteDonor(customerId: string): Promise<DeletedDto> {
  return apiSend<DeletedDto>('DELETE', `/api/stripe/customer/${encodeURIComponent(customerId)}`);
}

/** Then the donor list is refreshed (the caller navigates to /stripe-data). */
export function useDeleteDonor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDonor,
    onSuccess: (_data, customerId) => {
      queryClient.removeQueries({ queryKey: queryKeys.donor(customerId) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.donorList });
    },
  });
}
