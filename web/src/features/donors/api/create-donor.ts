import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { CreateDonorDto, DonorDto } from '../../../lib/api-types';
import { queryKeys } from '../../../lib/query-keys';

export async function createDonor(input: CreateDonorDto): Promise<DonorDto> {
  return apiSend<DonorDto, CreateDonorDto>('POST', '/api/stripe/customers', input);
}

/** On success the donor list is refreshed. */
export function useCreateDonor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDonor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.donorList }),
  });
}
