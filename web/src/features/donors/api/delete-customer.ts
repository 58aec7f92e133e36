import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export async function deleteCustomer(customerId: string): Promise<void> {
  await apiRequest('DELETE', `/api/stripe/customer/${encodeURIComponent(customerId)}`);
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
