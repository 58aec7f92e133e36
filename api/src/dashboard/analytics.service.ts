import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { monthsOfYear, yearLabel, yearRange } from '../../../core/src/fiscal-year/fiscal-year.js';
import { fiscalYearStartMonth } from '../../../core/src/fiscal-year/fiscal-year-setting.js';
import { todayIn } from '../../../core/src/gifts/calendar.js';
import type { YearPeriodDto } from '../http/year-period.dto.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { analyticsFromDay, computeAnalytics, lastTwelveMonths, withMoney, withMonths, type AnalyticsNumbers } from './analytics.calc.js';
import { toTransaction, type Transaction } from '../transactions/transaction.mapper.js';
import { TransactionsRepository } from '../transactions/transactions.repository.js';

export const RECENT_TRANSACTIONS = 50;

interface PendingGifts {
  pendingDonations: number;
  pendingAmount: number;
}

export interface AnalyticsPeriod {
  /** null: all time. */
  year: number | null;
  basis: 'calendar' | 'fiscal';
  label: string;
  fromDay: string | null;
  toDay: string | null;
}

@Injectable()
export class AnalyticsService {
  constructor(
    @Inject(AnalyticsRepository) private readonly analytics: AnalyticsRepository,
    @Inject(TransactionsRepository) private readonly transactions: TransactionsRepository,
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(ENV) private readonly env: EnvDto,
  ) {}

  /**
   * All time (no year): the SPEC's figures, the monthly chart over the last 12 months. A year: the figures of
   * that calendar or fiscal year and its 12 months on the chart. The daily chart and the month's growth are
   * always about the last 30 days and this month.
   */
  async get(q: YearPeriodDto = {}): Promise<AnalyticsNumbers & { overview: PendingGifts; period: AnalyticsPeriod; recentTransactions: Transaction[] }> {
    const today = todayIn(this.env.TIME_ZONE);
    const basis = q.basis ?? 'calendar';
    const startMonth = q.year !== undefined && basis === 'fiscal' ? await fiscalYearStartMonth(this.ds) : 1;
    const months = q.year !== undefined ? monthsOfYear(q.year, basis, startMonth) : lastTwelveMonths(today);
    const range = q.year !== undefined ? { from: months[0], to: months[11] } : null;
    const days = q.year !== undefined ? yearRange(q.year, basis, startMonth) : null;
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
    let numbers = computeAnalytics(kinds, daily, today, failed);
    if (monthly) numbers = withMonths(numbers, months, monthly);
    numbers = withMoney(numbers, months, money);
    const period: AnalyticsPeriod = q.year !== undefined
      ? { year: q.year, basis, label: basis === 'fiscal' ? yearLabel(q.year, basis, startMonth) : `Calendar ${q.year}`, fromDay: days!.fromDay, toDay: days!.toDay }
      : { year: null, basis, label: 'All Time', fromDay: null, toDay: null };
    return {
      ...numbers,
      overview: { ...numbers.overview, pendingDonations: pending.count, pendingAmount: pending.cents / 100 },
      period,
      recentTransactions: recent.map((r) => toTransaction(r)),
    };
  }
}
