import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { CreateDonorDto, DonorDto } from '../../../lib/api-types';
import { queryKeys } from '../../../lib/query-keys';

export async function createCustomer(input: CreateDonorDto): Promise<DonorDto> {
  const res = await apiRequest('POST', '/api/stripe/customers', input);
  return (await res.json()) as DonorDto;
}

/** On success the donor list is refreshed. */
export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.donorList }),
  });
}
