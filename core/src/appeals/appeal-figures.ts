import { goalProgress, matchedCents, percentOfGoal, type GoalKind } from './appeal-rules.js';

/**
 * The figures of an appeal that more than one screen shows (the public page's bar, the Appeals report, the board
 * PDF), over the totals the read model keeps (appeal_totals): each one function (the goal rules are
 * appeal-rules.ts's), so the three always agree.
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

/** The goal in its own unit: cents for a dollar goal, else a number of donors. */
export function appealGoal(t: Pick<AppealTotalsFigures, 'goalKind' | 'goalCents' | 'goalCount'>): number | null {
  return t.goalKind === 'dollars' ? t.goalCents : t.goalCount;
}

/** Raised divided by the number of gifts, in whole cents (half up); 0 with no gift. */
export function averageGiftCents(t: Pick<AppealTotalsFigures, 'raisedCents' | 'giftCount'>): number {
  return t.giftCount > 0 ? Math.round(t.raisedCents / t.giftCount) : 0;
}

/** Everything the bar, the report and the PDF print beside the totals themselves. */
export function appealFigures(t: AppealTotalsFigures) {
  return {
    /** What counts toward the goal, in the goal's unit. */
    progress: goalProgress(t.goalKind, t),
    goal: appealGoal(t),
    percentOfGoal: percentOfGoal(t, t),
    averageGiftCents: averageGiftCents(t),
    matchedCents: matchedCents(t.raisedCents, t.matchCapCents),
  };
}
