import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { CreateDonorDto, DonorDto } from '../../../lib/api-types';
import { queryKeys } from '../../../lib/query-keys';

export async function createCustomer(input: CreateDonorDto): Promise<DonorDto> {
  return apiSend<DonorDto, CreateDonorDto>('POST', '/api/stripe/customers', input);
}

/** On success the donor list is refreshed. */
export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.donorList }),
  });
}
