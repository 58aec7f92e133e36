import type { MyGivingDto, MyGivingPlanDto } from '../../../lib/api-types';

export type PlanAction =
  | { kind: 'amount'; amount: number; coverFees: boolean }
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'cancel'; when: 'now' | 'period_end' }
  | { kind: 'card'; setupIntentId: string };

const paidBy = (p: MyGivingPlanDto) => `${p.cardBrand}|${p.cardLast4}|${p.bankLast4}`;

/**
 * Whether the records (GET /api/my-giving) show what an action asked Stripe for: they learn it from Stripe's
 * webhooks a moment after the action answers, so the page reads again until this holds. `before` is the page's
 * read from before the action, for a change whose outcome the page cannot know (the new card's last four digits).
 */
export function planShows(now: MyGivingDto, before: MyGivingDto | undefined, planId: string, action: PlanAction): boolean {
  const plan = now.plans.find((p) => p.id === planId);
  const was = before?.plans.find((p) => p.id === planId);
  if (!plan) return false;
  switch (action.kind) {
    case 'amount':
      return plan.amount - plan.feeCoverage === action.amount && plan.feeCoverage > 0 === action.coverFees;
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
  }
}
