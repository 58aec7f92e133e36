import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyGivingDto, PlanActionResultDto } from '../../../lib/api-types';
import { donorRequest } from './donor-session';
import { myGivingKey } from './get-my-giving';
import { type PlanAction, planShows } from './plan-shown';

export type { PlanAction };

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
 * After an action the page reads the gift again until the records show the change (planShows): they learn it from
 * Stripe's webhooks within a moment, a few when the worker is busy (a renewal paid at once). Reads are
 * REREAD_EVERY_MS apart and end at REREAD_DEADLINE_MS whatever they show (the page then shows what is recorded).
 */
const REREAD_EVERY_MS = 400;
const REREAD_DEADLINE_MS = 15_000;

async function rereadUntilShown(qc: QueryClient, shown: (now: MyGivingDto) => boolean): Promise<void> {
  const deadline = Date.now() + REREAD_DEADLINE_MS;
  for (;;) {
    await qc.invalidateQueries({ queryKey: myGivingKey });
    const now = qc.getQueryData<MyGivingDto>(myGivingKey);
    if ((now && shown(now)) || Date.now() >= deadline) return;
    await new Promise((r) => setTimeout(r, REREAD_EVERY_MS));
  }
}

export function usePlanAction(planId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: PlanAction) => planAction(planId, action),
    onMutate: () => ({ before: qc.getQueryData<MyGivingDto>(myGivingKey) }),
    onSettled: (_result, error, action, context) => {
      // A refused action changed nothing: one read shows the gift as it is.
      void rereadUntilShown(qc, (now) => !!error || planShows(now, context?.before, planId, action));
    },
  });
}
