import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { MyGivingDto, MyGivingPlanDto } from '../../../lib/api-types';

/** What planShows reads of an action: its kind and body (the PlanAction union of plan-actions.ts fits it). */
export interface ShownAction {
  kind: string;
  amount?: number;
  coverFees?: boolean;
  when?: string;
}

const paidBy = (p: MyGivingPlanDto) => `${p.cardBrand}|${p.cardLast4}|${p.bankLast4}`;

/**
 * Whether the records (GET /api/my-giving) show what an action asked Stripe for: they learn it from Stripe's
 * webhooks a moment after the action answers, so the page reads again until this holds. `before` is the page's
 * read from before the action, for a change whose outcome the page cannot know (the new card's last four digits).
 */
export function planShows(
  now: MyGivingDto,
  before: MyGivingDto | undefined,
  planId: string,
  action: ShownAction,
): boolean {
  const plan = now.plans.find((p) => p.id === planId);
  const was = before?.plans.find((p) => p.id === planId);
  if (!plan) return false;
  switch (action.kind) {
    case 'amount':
      return plan.amount - plan.feeCoverage === action.amount && plan.feeCoverage > 0 === (action.coverFees ?? false);
    case 'pause':
      return plan.status === 'paused';
    case 'resume':
      return plan.status !== 'paused';
    case 'cancel':
      return plan.status === (action.when === 'now' ? 'canceled' : 'canceling');
    case 'card': {
      // A declined renewal is paid at once with the new payment method: shown once the gift is in the list.
      const missedPaid = !was?.unpaidRenewal || (!plan.unpaidRenewal && now.gifts.length > (before?.gifts.length ?? 0));
      return (!was || paidBy(plan) !== paidBy(was)) && missedPaid;
    }
    default:
      return true;
  }
}

/** The page's last read of My Giving, kept before an action to compare with. */
export function lastRead(qc: QueryClient, key: QueryKey): MyGivingDto | undefined {
  return qc.getQueryData<MyGivingDto>(key);
}

/**
 * After an action the page reads the gift again until the records show the change (planShows): they learn it
 * within a moment, a few when the worker is busy (a renewal paid at once). Reads are REREAD_EVERY_MS apart and
 * end at REREAD_DEADLINE_MS whatever they show (the page then shows what is recorded).
 */
const REREAD_EVERY_MS = 400;
const REREAD_DEADLINE_MS = 15_000;

export async function rereadUntilShown(
  qc: QueryClient,
  key: QueryKey,
  shown: (now: MyGivingDto) => boolean,
): Promise<void> {
  const deadline = Date.now() + REREAD_DEADLINE_MS;
  for (;;) {
    await qc.invalidateQueries({ queryKey: key });
    const now = lastRead(qc, key);
    if ((now && shown(now)) || Date.now() >= deadline) return;
    await new Promise((r) => setTimeout(r, REREAD_EVERY_MS));
  }
}
