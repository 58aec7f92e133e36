import { Inject, Injectable } from '@nestjs/common';
import { appealFigures } from '../../../core/src/appeals/appeal-figures.js';
import {
  appealDays,
  appealEndsAt,
  appealState,
  type AppealStatus,
  type GoalKind,
} from '../../../core/src/appeals/appeal-rules.js';
import { addDays, todayIn } from '../../../core/src/gifts/calendar.js';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { DomainError } from '../../../core/src/http/errors.js';
import type {
  AppealDayDto,
  AppealReportDetailDto,
  AppealReportListDto,
  AppealReportRowDto,
} from './dto/appeal-report.dto.js';
import { AppealReportsRepository, type AppealTotalsRow } from './appeal-reports.repository.js';

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** The Appeals report: each appeal's figures (core's, as the public bar shows them), its days, the year-end pair. */
@Injectable()
export class AppealReportsService {
  constructor(
    @Inject(AppealReportsRepository) private readonly repo: AppealReportsRepository,
    @Inject(ENV) private readonly env: EnvDto,
  ) {}

  row(r: AppealTotalsRow, now = new Date()): AppealReportRowDto {
    const totals = {
      goalKind: r.goal_kind as GoalKind,
      goalCents: num(r.goal_cents),
      goalCount: r.goal_count,
      matchCapCents: num(r.match_cap_cents),
      raisedCents: Number(r.raised_cents),
      donorCount: r.donor_count,
      giftCount: r.gift_count,
      recurringStarted: r.recurring_started,
    };
    const f = appealFigures(totals);
    const days = appealDays({ starts_at: r.starts_at, ends_at: appealEndsAt(r) }, this.env.TIME_ZONE);
    return {
      id: r.id,
      slug: r.slug,
      name: r.name,
      status: r.status as AppealStatus,
      state: appealState(r, now),
      startsOn: days.startsOn,
      endsOn: days.endsOn,
      goalKind: totals.goalKind,
      goalCents: totals.goalCents,
      goalCount: totals.goalCount,
      raisedCents: totals.raisedCents,
      percentOfGoal: f.percentOfGoal,
      donorCount: totals.donorCount,
      newDonorCount: r.new_donor_count,
      giftCount: totals.giftCount,
      averageGiftCents: f.averageGiftCents,
      recurringStarted: totals.recurringStarted,
      matchedCents: f.matchedCents,
    };
  }

  async list(now = new Date()): Promise<AppealReportListDto> {
    const rows = await this.repo.list();
    const appeals = rows.map((r) => this.row(r, now));
    const year = Number(todayIn(this.env.TIME_ZONE, now).slice(0, 4));
    return { appeals, yearEnd: [year, year - 1].map((y) => ({ year: y, appeal: yearEndAppeal(appeals, y) })) };
  }

  async detail(id: string, now = new Date()): Promise<AppealReportDetailDto> {
    const r = await this.repo.one(id);
    if (!r) throw new DomainError(404, 'No such appeal');
    const appeal = this.row(r, now);
    const days = await this.repo.byDay(id, this.env.TIME_ZONE);
    return { appeal, byDay: everyDay(appeal, days, todayIn(this.env.TIME_ZONE, now)) };
  }
}

/**
 * A year's year-end appeal: the appeal whose last day falls in December of that year (the school's time zone);
 * when several did, the one that raised most.
 */
export function yearEndAppeal(appeals: AppealReportRowDto[], year: number): AppealReportRowDto | null {
  const december = appeals.filter((a) => a.endsOn.startsWith(`${year}-12-`));
  return december.sort((a, b) => b.raisedCents - a.raisedCents)[0] ?? null;
}

/**
 * Every day of the appeal from its first day to its last (or to today while it runs), with the days' gifts and
 * the running total. Gifts dated outside the window (a check recorded after the end) get their own days.
 */
function everyDay(
  appeal: AppealReportRowDto,
  rows: { day: string; raised: string; gifts: number }[],
  today: string,
): AppealDayDto[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const last = appeal.endsOn < today ? appeal.endsOn : today;
  const days = new Set<string>();
  for (let d = appeal.startsOn; d <= last && days.size < 400; d = addDays(d, 1)) days.add(d);
  for (const r of rows) days.add(r.day);
  let cumulative = 0;
  return [...days].sort().map((day) => {
    const r = byDay.get(day);
    const raisedCents = r ? Number(r.raised) : 0;
    cumulative += raisedCents;
    return { day, raisedCents, giftCount: r?.gifts ?? 0, cumulativeCents: cumulative };
  });
}
