import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { periodDays, periodLabel, periodMonths } from '../../../core/src/fiscal-year/periods.js';
import { fiscalYearStartMonth } from '../../../core/src/fiscal-year/fiscal-year-setting.js';
import { todayIn } from '../../../core/src/gifts/calendar.js';
import { periodOf, type PeriodDto } from '../http/period.dto.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { moneyFigures, type MoneyFigures } from '../../../core/src/read-model/money-lines.js';
import { analyticsFromDay, computeAnalytics, lastTwelveMonths, withMoney, withMonths } from './analytics.calc.js';
import { toTransaction } from '../transactions/transaction.mapper.js';
import type { AnalyticsDto, AnalyticsPeriodDto } from './dto/analytics.dto.js';
import { TransactionsRepository } from '../transactions/transactions.repository.js';

export const RECENT_TRANSACTIONS = 50;

@Injectable()
export class AnalyticsService {
  constructor(
    @Inject(AnalyticsRepository) private readonly analytics: AnalyticsRepository,
    @Inject(TransactionsRepository) private readonly transactions: TransactionsRepository,
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(ENV) private readonly env: EnvDto,
  ) {}

  /**
   * All time (no period): the SPEC's figures, the monthly chart over the last 12 months. A period (a calendar or
   * fiscal year, a quarter, a month): the figures of its months, and those months on the chart. The daily chart
   * and the month's growth are always about the last 30 days and this month.
   */
  async get(q: PeriodDto = {}): Promise<AnalyticsDto> {
    const today = todayIn(this.env.TIME_ZONE);
    const basis = q.basis ?? 'calendar';
    const p = periodOf(q);
    const startMonth = p && p.kind !== 'month' && basis === 'fiscal' ? await fiscalYearStartMonth(this.ds) : 1;
    const months = p ? periodMonths(p, startMonth) : lastTwelveMonths(today);
    const range = p ? { from: months[0], to: months[months.length - 1] } : null;
    const days = p ? periodDays(p, startMonth) : null;
    const [kinds, daily, failed, pending, recent, monthly, money] = await Promise.all([
      this.analytics.totalsByKind(range),
      this.analytics.totalsByDay(analyticsFromDay(today)),
      this.analytics.failedCharges(days && { ...days, timeZone: this.env.TIME_ZONE }),
      // Bank debits processing now, whatever the period: money on its way, in no total until it arrives.
      this.analytics.pendingCharges(),
      this.transactions.recent(RECENT_TRANSACTIONS),
      range ? this.analytics.totalsByMonth(range) : null,
      this.analytics.moneyByMonth(range),
    ]);
    let numbers = computeAnalytics(kinds, daily, today, failed, pending);
    if (monthly) numbers = withMonths(numbers, months, monthly);
    numbers = withMoney(numbers, months, money);
    const period: AnalyticsPeriodDto = p
      ? {
          year: p.kind === 'month' ? Number(p.month.slice(0, 4)) : p.year,
          basis: p.kind === 'month' ? 'calendar' : basis,
          quarter: p.kind === 'quarter' ? p.quarter : null,
          month: p.kind === 'month' ? p.month : null,
          label: periodLabel(p, startMonth),
          fromDay: days!.fromDay,
          toDay: days!.toDay,
        }
      : { year: null, basis, quarter: null, month: null, label: 'All Time', fromDay: null, toDay: null };
    return { ...numbers, period, recentTransactions: recent.map((r) => toTransaction(r)) };
  }

  /**
   * A calendar year's money as the dashboard gives it for that year (withMoney's moneyFigures over the year's
   * balance transactions, each on the day it was made): the Tax Reports tab's refunds and disputes of the year.
   */
  async yearMoney(year: number): Promise<MoneyFigures> {
    const months = periodMonths({ kind: 'year', basis: 'calendar', year }, 1);
    return moneyFigures(await this.analytics.moneyByMonth({ from: months[0], to: months[months.length - 1] }));
  }
}
