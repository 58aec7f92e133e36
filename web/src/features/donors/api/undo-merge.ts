import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { MergeUndoneDto } from '../../../lib/api-types';
import { refreshAfterMergeChange } from './refresh-after-merge';

export async function undoMerge({ keptId, mergeId }: { keptId: string; mergeId: string }): Promise<MergeUndoneDto> {
  return apiSend<MergeUndoneDto>(
    'POST',
    `/api/stripe/customer/${encodeURIComponent(keptId)}/merges/${encodeURIComponent(mergeId)}/undo`,
  );
}

export function useUndoMerge() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: undoMerge, onSuccess: () => refreshAfterMergeChange(queryClient) });
}
