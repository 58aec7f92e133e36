import { Inject, Injectable } from '@nestjs/common';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { todayIn } from '../../../core/src/gifts/calendar.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { analyticsFromDay, computeAnalytics, type AnalyticsNumbers } from './analytics.calc.js';
import { toTransaction, type Transaction } from '../transactions/transaction.mapper.js';
import { TransactionsRepository } from '../transactions/transactions.repository.js';

export const RECENT_TRANSACTIONS = 50;

@Injectable()
export class AnalyticsService {
  constructor(
    @Inject(AnalyticsRepository) private readonly analytics: AnalyticsRepository,
    @Inject(TransactionsRepository) private readonly transactions: TransactionsRepository,
    @Inject(ENV) private readonly env: EnvDto,
  ) {}

  async get(): Promise<AnalyticsNumbers & { recentTransactions: Transaction[] }> {
    const today = todayIn(this.env.TIME_ZONE);
    const [kinds, days, failed, recent] = await Promise.all([
      this.analytics.totalsByKind(),
      this.analytics.totalsByDay(analyticsFromDay(today)),
      this.analytics.failedCharges(),
      this.transactions.recent(RECENT_TRANSACTIONS),
    ]);
    return { ...computeAnalytics(kinds, days, today, failed), recentTransactions: recent.map((r) => toTransaction(r)) };
  }
}
