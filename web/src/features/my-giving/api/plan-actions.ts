import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardSetupDto, ChangeAmountDto, ConfirmCardDto, MyGivingCancelDto, PlanActionResultDto } from '../../../lib/api-types';
import { donorSend } from './donor-session';
import { myGivingKey } from './get-my-giving';

/** An action and its body: the kind is the last segment of its path. */
export type PlanAction =
  | ({ kind: 'amount' } & ChangeAmountDto)
  | { kind: 'pause' }
  | { kind: 'resume' }
  | ({ kind: 'cancel' } & MyGivingCancelDto)
  | ({ kind: 'card' } & ConfirmCardDto);

function bodyOf(a: PlanAction): ChangeAmountDto | MyGivingCancelDto | ConfirmCardDto | undefined {
  switch (a.kind) {
    case 'amount':
      return { amount: a.amount, coverFees: a.coverFees };
    case 'cancel':
      return { when: a.when };
    case 'card':
      return { setupIntentId: a.setupIntentId };
    default:
      return undefined;
  }
}

/** POST /api/my-giving/plans/{id}/{action}: answers what happened, in plain words. */
export async function planAction(planId: string, action: PlanAction): Promise<PlanActionResultDto> {
  const url = `/api/my-giving/plans/${encodeURIComponent(planId)}/${action.kind}`;
  return donorSend<PlanActionResultDto, ChangeAmountDto | MyGivingCancelDto | ConfirmCardDto>('POST', url, bodyOf(action));
}

/** POST /api/my-giving/plans/{id}/card-setup: a SetupIntent's client secret for confirmCardSetup. */
export async function cardSetup(planId: string): Promise<string> {
  return (await donorSend<CardSetupDto>('POST', `/api/my-giving/plans/${encodeURIComponent(planId)}/card-setup`)).clientSecret;
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
