import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { DeletedDto } from '../../../lib/api-types';
import { queryKeys } from '../../../lib/query-keys';

export function deleteCustomer(customerId: string): Promise<DeletedDto> {
  return apiSend<DeletedDto>('DELETE', `/api/stripe/customer/${encodeURIComponent(customerId)}`);
}

/** Then the customers list is refreshed (the caller navigates to /stripe-data). */
export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: (_data, customerId) => {
      queryClient.removeQueries({ queryKey: queryKeys.donor(customerId) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.donorList });
    },
  });
}
