import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanActionResultDto } from '../../../lib/api-types';
import { donorRequest } from './donor-session';
import { myGivingKey } from './get-my-giving';
import { lastRead, planShows, rereadUntilShown } from './plan-shown';

export type PlanAction =
  | { kind: 'amount'; amount: number; coverFees: boolean }
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'cancel'; when: 'now' | 'period_end' }
  | { kind: 'card'; setupIntentId: string };

/** POST /api/my-giving/plans/{id}/{action}: answers what happened, in plain words. */
export async function planAction(planId: string, action: PlanAction): Promise<PlanActionResultDto> {
  const { kind, ...body } = action;
  const res = await donorRequest('POST', `/api/my-giving/plans/${encodeURIComponent(planId)}/${kind}`, body);
  return (await res.json()) as PlanActionResultDto;
}

/** POST /api/my-giving/plans/{id}/card-setup: a SetupIntent's client secret for confirmCardSetup. */
export async function cardSetup(planId: string): Promise<string> {
  const res = await donorRequest('POST', `/api/my-giving/plans/${encodeURIComponent(planId)}/card-setup`);
  return ((await res.json()) as { clientSecret: string }).clientSecret;
}

export function usePlanAction(planId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: PlanAction) => planAction(planId, action),
    onMutate: () => ({ before: lastRead(qc, myGivingKey) }),
    onSettled: (_result, error, action, context) => {
      // A refused action changed nothing: one read shows the gift as it is.
      void rereadUntilShown(qc, myGivingKey, (now) => !!error || planShows(now, context?.before, planId, action));
    },
  });
}
