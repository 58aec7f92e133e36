import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { CancelPlanDto, PlanActionDto } from '../../../lib/api-types';

export type PlanAction = 'cancel-now' | 'cancel-period-end' | 'pause' | 'resume';

export async function planAction({ id, action }: { id: string; action: PlanAction }): Promise<PlanActionDto> {
  const base = `/api/admin/recurring/plans/${encodeURIComponent(id)}`;
  return action === 'pause' || action === 'resume'
    ? apiSend<PlanActionDto>('POST', `${base}/${action}`)
    : apiSend<PlanActionDto, CancelPlanDto>('POST', `${base}/cancel`, {
        when: action === 'cancel-now' ? 'now' : 'period_end',
      });
}

/** Cancel, pause or resume a plan; then the Recurring view and the donor's plans are read again. */
export function usePlanAction(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: planAction,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.recurring }),
        queryClient.invalidateQueries({ queryKey: queryKeys.donorPlans(customerId) }),
      ]),
  });
}
