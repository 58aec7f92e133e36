import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { GiftAppealDto, MoveGiftAppealDto } from '../../../lib/api-types';
import { queryKeys } from '../../../lib/query-keys';

/** PATCH /api/admin/transactions/:id/appeal: the gift (a charge or a manual gift) to another appeal, or to none. */
export function moveGiftAppeal({ id, appealId }: { id: string; appealId: string | null }): Promise<GiftAppealDto> {
  return apiSend<GiftAppealDto, MoveGiftAppealDto>(
    'PATCH',
    `/api/admin/transactions/${encodeURIComponent(id)}/appeal`,
    { appealId },
  );
}

/**
 * On success the ledger and every donor's transaction list show the gift's new appeal, and the appeals' progress
 * and the Appeals report their new totals (the server moved them with the gift).
 */
export function useMoveGiftAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveGiftAppeal,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.ledger }),
        queryClient.invalidateQueries({ queryKey: queryKeys.donors }),
        queryClient.invalidateQueries({ queryKey: queryKeys.appeals }),
        queryClient.invalidateQueries({ queryKey: queryKeys.appealReports }),
      ]),
  });
}
