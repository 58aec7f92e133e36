import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CardSetupDto,
  ChangeAmountDto,
  ConfirmCardDto,
  MyGivingCancelDto,
  PlanActionResultDto,
} from '../../../lib/api-types';
import { donorSend } from './donor-session';
import { myGivingKey } from './get-my-giving';
import { lastRead, planShows, rereadUntilShown } from './plan-shown';

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
  return donorSend<PlanActionResultDto, ChangeAmountDto | MyGivingCancelDto | ConfirmCardDto>(
    'POST',
    url,
    bodyOf(action),
  );
}

/** POST /api/my-giving/plans/{id}/card-setup: a SetupIntent's client secret for confirmCardSetup. */
export async function cardSetup(planId: string): Promise<string> {
  return (await donorSend<CardSetupDto>('POST', `/api/my-giving/plans/${encodeURIComponent(planId)}/card-setup`))
    .clientSecret;
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
