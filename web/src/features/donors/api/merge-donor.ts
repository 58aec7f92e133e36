import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { MergeDuplicateDto, MergeResultDto } from '../../../lib/api-types';
import { refreshAfterMergeChange } from './refresh-after-merge';

export async function mergeDonor({
  keptId,
  duplicateId,
}: {
  keptId: string;
  duplicateId: string;
}): Promise<MergeResultDto> {
  return apiSend<MergeResultDto, MergeDuplicateDto>(
    'POST',
    `/api/stripe/customer/${encodeURIComponent(keptId)}/merges`,
    { duplicateId },
  );
}

export function useMergeDonor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: mergeDonor, onSuccess: () => refreshAfterMergeChange(queryClient) });
}
