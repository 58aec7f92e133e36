/**
 * The figures of an appeal that more than one screen shows (the public page's bar, the Appeals report, the board
 * PDF): what counts toward the goal, the percent reached and the average gift. One function each, over the totals
 * the read model keeps (appeal_totals), so the three always agree.
 */

export type AppealGoalKind = 'dollars' | 'donors' | 'new_monthly_donors';

export interface AppealTotalsLike {
  goalKind: AppealGoalKind;
  goalCents: number | null;
  goalCount: number | null;
  raisedCents: number;
  donorCount: number;
  giftCount: number;
  /** Monthly (recurring) plans started through the appeal; absent on the public page, which counts donors. */
  recurringStarted?: number;
}

export interface AppealProgress {
  /** What counts toward the goal: cents for a dollar goal, else a number of donors. */
  current: number;
  goal: number | null;
  /** Whole percent of the goal reached (may pass 100); null without a goal. */
  percent: number | null;
  unit: 'cents' | 'donors' | 'new monthly donors';
}

/** Whole percent, rounded down (a bar never shows 100% before the goal is met). */
export function percentOf(current: number, goal: number | null): number | null {
  if (!goal || goal <= 0) return null;
  return Math.floor((current * 100) / goal);
}

export function appealProgress(t: AppealTotalsLike): AppealProgress {
  if (t.goalKind === 'dollars') {
    return { current: t.raisedCents, goal: t.goalCents, percent: percentOf(t.raisedCents, t.goalCents), unit: 'cents' };
  }
  const current = t.goalKind === 'donors' ? t.donorCount : (t.recurringStarted ?? t.donorCount);
  return {
    current,
    goal: t.goalCount,
    percent: percentOf(current, t.goalCount),
    unit: t.goalKind === 'donors' ? 'donors' : 'new monthly donors',
  };
}

/** Raised divided by the number of gifts, in whole cents (rounded half up); 0 with no gift. */
export function averageGiftCents(raisedCents: number, giftCount: number): number {
  return giftCount > 0 ? Math.round(raisedCents / giftCount) : 0;
}
