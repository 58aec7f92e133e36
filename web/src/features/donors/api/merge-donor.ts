import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MergeResultDto } from '../../../lib/api-types';
import { refreshAfterMergeChange } from './refresh-after-merge';

export async function mergeDonor({ keptId, duplicateId }: { keptId: string; duplicateId: string }): Promise<MergeResultDto> {
  const res = await apiRequest('POST', `/api/stripe/customer/${encodeURIComponent(keptId)}/merges`, { duplicateId });
  return (await res.json()) as MergeResultDto;
}

export function useMergeDonor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: mergeDonor, onSuccess: () => refreshAfterMergeChange(queryClient) });
}
