import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { customersQueryKey } from './get-customers';

export interface NewDonorInput {
  name: string;
  email: string;
  phone: string;
  address: string;
}

export async function createCustomer(input: NewDonorInput): Promise<unknown> {
  const res = await apiRequest('POST', '/api/stripe/customers', input);
  return res.json();
}

/** On success the donor list is refreshed. */
export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }),
  });
}
