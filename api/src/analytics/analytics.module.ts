import { Module } from '@nestjs/common';
import { TransactionsModule } from '../transactions/transactions.module.js';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { AnalyticsService } from './analytics.service.js';
import { FiscalYearController, FiscalYearService } from './fiscal-year.controller.js';

/** The dashboard's numbers (the Analytics tab and the summary cards): every figure of GET /api/stripe/analytics is computed in this folder. */
@Module({
  imports: [TransactionsModule],
  controllers: [AnalyticsController, FiscalYearController],
  providers: [AnalyticsRepository, AnalyticsService, FiscalYearService],
  exports: [FiscalYearService, AnalyticsService],
})
export class AnalyticsModule {}
