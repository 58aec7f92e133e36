import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { ReplayedDto } from '../../../lib/api-types';

/** One event by id, or every event whose projection failed (`'failed'`). */
export async function replayEvents(which: string): Promise<ReplayedDto> {
  const url =
    which === 'failed'
      ? '/api/admin/operations/events/replay-failed'
      : `/api/admin/operations/events/${encodeURIComponent(which)}/replay`;
  return apiSend<ReplayedDto>('POST', url);
}

/** Then the page and every read-model view are refreshed: replayed events change donors and totals. */
export function useReplayEvents() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: replayEvents, onSettled: () => queryClient.invalidateQueries() });
}
