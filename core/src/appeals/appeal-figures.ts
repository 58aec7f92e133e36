import { goalProgress, matchedCents, type GoalKind } from './appeal-rules.js';

/**
 * The figures of an appeal that more than one screen shows (the public page's bar, the Appeals report, the board
 * PDF), over the totals the read model keeps (appeal_totals): one function each, so the three always agree.
 */
export interface AppealTotalsFigures {
  goalKind: GoalKind | string;
  goalCents: number | null;
  goalCount: number | null;
  matchCapCents: number | null;
  raisedCents: number;
  donorCount: number;
  giftCount: number;
  recurringStarted: number;
}

/** The goal in its unit (cents for dollars, else a number of donors). */
export function appealGoal(t: Pick<AppealTotalsFigures, 'goalKind' | 'goalCents' | 'goalCount'>): number | null {
  return t.goalKind === 'dollars' ? t.goalCents : t.goalCount;
}

/** Whole percent of the goal reached, rounded down (a bar never shows 100% before the goal is met); null without one. */
export function percentOfGoal(t: AppealTotalsFigures): number | null {
  const goal = appealGoal(t);
  if (!goal || goal <= 0) return null;
  return Math.floor((goalProgress(t.goalKind, t) * 100) / goal);
}

/** Raised divided by the number of gifts, in whole cents (half up); 0 with no gift. */
export function averageGiftCents(t: Pick<AppealTotalsFigures, 'raisedCents' | 'giftCount'>): number {
  return t.giftCount > 0 ? Math.round(t.raisedCents / t.giftCount) : 0;
}

/** Everything the report and the PDF print beside the totals themselves. */
export function appealFigures(t: AppealTotalsFigures) {
  return {
    progress: goalProgress(t.goalKind, t),
    goal: appealGoal(t),
    percentOfGoal: percentOfGoal(t),
    averageGiftCents: averageGiftCents(t),
    matchedCents: matchedCents(t.raisedCents, t.matchCapCents),
  };
}
