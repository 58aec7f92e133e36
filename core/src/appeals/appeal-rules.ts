/**
 * The appeal's rules, shared by the API, the worker and the web app (no Node imports here): what a slug may be,
 * the goal kinds, when an appeal is open, how many days are left, what the match comes to and which figure a
 * goal is measured by. One home for each, so the public page, the admin list and the reports agree.
 */
import { addDays, dayOf, startOfDay, todayIn } from '../gifts/calendar.js';

export const APPEAL_SLUG = /^[a-z0-9](-?[a-z0-9])*$/;
export const APPEAL_SLUG_MAX = 40;
export const APPEAL_SLUG_MESSAGE =
  'slug must be 1 to 40 lower-case letters or digits, with single hyphens between them (like year-end-2026)';

export const GOAL_KINDS = ['dollars', 'donors', 'new_monthly_donors'] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];

export const APPEAL_STATUSES = ['draft', 'published', 'archived'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

export const APPEAL_STATES = ['upcoming', 'open', 'closed'] as const;
export type AppealState = (typeof APPEAL_STATES)[number];

/** Where a donor is sent when an appeal no longer takes gifts. */
export const GENERAL_DONATE_PATH = '/donate';
export const APPEAL_CLOSED_MESSAGE = `This appeal is closed and no longer takes gifts. You can still give on the general donate page (${GENERAL_DONATE_PATH}).`;

export function isAppealSlug(s: string): boolean {
  return s.length <= APPEAL_SLUG_MAX && APPEAL_SLUG.test(s);
}

export interface AppealTiming {
  status: AppealStatus | string;
  starts_at: Date | string;
  ends_at: Date | string;
  ended_early_at: Date | string | null;
}

/** When gifts stop: the early end if staff ended it, else the planned end. */
export function appealEndsAt(a: AppealTiming): Date {
  return new Date(a.ended_early_at ?? a.ends_at);
}

/**
 * Open: published and starts_at <= now < coalesce(ended_early_at, ends_at). Upcoming: published, not started yet.
 * Closed: everything else (a draft and an archived appeal take no gifts either).
 */
export function appealState(a: AppealTiming, now: Date = new Date()): AppealState {
  if (a.status !== 'published') return 'closed';
  if (now < new Date(a.starts_at)) return 'upcoming';
  return now < appealEndsAt(a) ? 'open' : 'closed';
}

export function appealIsOpen(a: AppealTiming, now: Date = new Date()): boolean {
  return appealState(a, now) === 'open';
}

/**
 * Calendar days left in the school's zone, counting today (an appeal whose last day is today has 1 day left);
 * 0 once it has ended.
 */
export function appealDaysLeft(a: AppealTiming, timeZone: string, now: Date = new Date()): number {
  const end = appealEndsAt(a);
  if (now >= end) return 0;
  const lastDay = dayOf(new Date(end.getTime() - 1), timeZone);
  const today = todayIn(timeZone, now);
  return Math.max(0, Math.round((Date.parse(lastDay) - Date.parse(today)) / 86_400_000) + 1);
}

/** The admin form's days (first and last day, inclusive, in the school's zone) as the stored instants. */
export function appealWindow(startsOn: string, endsOn: string, timeZone: string): { startsAt: Date; endsAt: Date } {
  return { startsAt: startOfDay(startsOn, timeZone), endsAt: startOfDay(addDays(endsOn, 1), timeZone) };
}

/** The stored instants as the admin form's days (the inverse of appealWindow). */
export function appealDays(
  a: Pick<AppealTiming, 'starts_at' | 'ends_at'>,
  timeZone: string,
): { startsOn: string; endsOn: string } {
  return {
    startsOn: dayOf(new Date(a.starts_at), timeZone),
    endsOn: dayOf(new Date(new Date(a.ends_at).getTime() - 1), timeZone),
  };
}

/** What the match comes to: every gift matched up to the cap (reported, never charged). */
export function matchedCents(raisedCents: number, matchCapCents: number | null): number {
  return matchCapCents ? Math.max(0, Math.min(raisedCents, matchCapCents)) : 0;
}

export interface AppealFigures {
  raisedCents: number;
  donorCount: number;
  recurringStarted: number;
}

/** The figure a goal is measured by: cents raised, donors, or monthly plans started through the appeal. */
export function goalProgress(kind: GoalKind | string, f: AppealFigures): number {
  if (kind === 'dollars') return f.raisedCents;
  if (kind === 'donors') return f.donorCount;
  return f.recurringStarted;
}

/** Whether a plan's renewals count for its appeal: only when the appeal's goal counts recurring donors. */
export function renewalsCountFor(kind: GoalKind | string | null | undefined): boolean {
  return kind === 'new_monthly_donors';
}

/** Percent of the goal reached, rounded down (may pass 100): the admin list, the reports and the board PDF. */
export function percentOfGoal(
  a: { goalKind: GoalKind | string; goalCents: number | null; goalCount: number | null },
  f: AppealFigures,
): number {
  const goal = a.goalKind === 'dollars' ? a.goalCents : a.goalCount;
  return goal ? Math.floor((goalProgress(a.goalKind, f) * 100) / goal) : 0;
}

/** How long after its last day an appeal is still offered for crediting a late check or cash gift. */
export const STAFF_CREDIT_DAYS_AFTER_END = 90;

/**
 * The appeals staff are offered when they record an offline gift (the manual donation form's Appeal picker):
 * open ones, and closed ones whose gifts stopped at most STAFF_CREDIT_DAYS_AFTER_END days ago (the checks that
 * answer an appeal arrive late). Drafts, upcoming and archived appeals are not offered.
 */
export function offeredForOfflineGifts(
  a: { status: AppealStatus | string; state: AppealState | string; endsAt: Date | string },
  now: Date = new Date(),
): boolean {
  if (a.status !== 'published') return false;
  if (a.state === 'open') return true;
  return (
    a.state === 'closed' && now.getTime() - new Date(a.endsAt).getTime() <= STAFF_CREDIT_DAYS_AFTER_END * 86_400_000
  );
}
