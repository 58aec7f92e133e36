import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { EraseDonorDto, ErasedDto } from '../../../lib/api-types';
import { downloadFile } from '../../../lib/download';
import { queryKeys } from '../../../lib/query-keys';

export function exportDonorData(customerId: string, format: 'json' | 'csv'): Promise<void> {
  return downloadFile(
    `/api/admin/donors/${encodeURIComponent(customerId)}/export?format=${format}`,
    `donor-${customerId}.${format}`,
  );
}

export async function eraseDonor(input: { customerId: string; confirmName: string }): Promise<ErasedDto> {
  return apiSend<ErasedDto, EraseDonorDto>('POST', `/api/admin/donors/${encodeURIComponent(input.customerId)}/erase`, {
    confirmName: input.confirmName,
  });
}

/** After an erasure every list that showed the donor is refreshed. */
export function useEraseDonor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseDonor,
    onSuccess: (_d, input) => {
      queryClient.removeQueries({ queryKey: queryKeys.donor(input.customerId) });
      return Promise.all(
        [queryKeys.donorList, queryKeys.analytics, queryKeys.paymentIntents].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
