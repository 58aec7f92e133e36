import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customerQueryKey } from './get-customer';
import { customersQueryKey } from './get-customers';

export async function deleteCustomer(customerId: string): Promise<void> {
  await apiRequest('DELETE', `/api/stripe/customer/${encodeURIComponent(customerId)}`);
}

/** Then the customers list is refreshed (the caller navigates to /stripe-data). */
export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: (_data, customerId) => {
      queryClient.removeQueries({ queryKey: customerQueryKey(customerId) });
      return queryClient.invalidateQueries({ queryKey: customersQueryKey });
    },
  });
}
