import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { RetriedDto } from '../../../lib/api-types';

export async function retryJob({ queue, id }: { queue: string; id: string }): Promise<RetriedDto> {
  return apiSend<RetriedDto>(
    'POST',
    `/api/admin/operations/jobs/${encodeURIComponent(queue)}/${encodeURIComponent(id)}/retry`,
  );
}

/** Then the page is refreshed (the job leaves the failed list once it runs). */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.operations }),
  });
}
