import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanActionResultDto } from '../../../lib/api-types';
import { donorRequest } from './donor-session';
import { myGivingKey } from './get-my-giving';

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

/**
 * The page reads the gift again after an action: the records learn Stripe's change from its webhooks within a
 * moment (a few when the worker is busy, as after a renewal paid at once), so it reads at once and a few more
 * times over the next seconds.
 */
const REREAD_MS = [1500, 4000, 8000];

export function usePlanAction(planId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: PlanAction) => planAction(planId, action),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: myGivingKey });
      for (const ms of REREAD_MS) setTimeout(() => void qc.invalidateQueries({ queryKey: myGivingKey }), ms);
    },
  });
}
