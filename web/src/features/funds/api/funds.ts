import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { CreateFundDto, FundDto, UpdateFundDto } from '../../../lib/api-types';

export async function createFund(input: CreateFundDto): Promise<FundDto> {
  return apiSend<FundDto, CreateFundDto>('POST', '/api/admin/funds', input);
}

export async function updateFund({ id, ...patch }: UpdateFundDto & { id: number }): Promise<FundDto> {
  return apiSend<FundDto, UpdateFundDto>('PATCH', `/api/admin/funds/${id}`, patch);
}

/** A change to the funds also changes what the donate page offers. */
function useFundMutation<T>(fn: (input: T) => Promise<FundDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.funds });
      await queryClient.invalidateQueries({ queryKey: queryKeys.donationOptions });
    },
  });
}

export const useCreateFund = () => useFundMutation(createFund);
export const useUpdateFund = () => useFundMutation(updateFund);
