import { Module } from '@nestjs/common';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { AnalyticsService } from './analytics.service.js';
import { DonorSummaryCache } from './donor-summary.cache.js';
import { DonorsController } from './donors.controller.js';
import { DonorsRepository } from './donors.repository.js';
import { DonorsService } from './donors.service.js';
import { PaymentIntentsController } from './payment-intents.controller.js';
import { PaymentIntentsRepository } from './payment-intents.repository.js';
import { TransactionsRepository } from './transactions.repository.js';
import { TransactionsService } from './transactions.service.js';

/** The admin dashboard's reads (analytics, donors, transactions) and the donor writes that go through Stripe. */
@Module({
  controllers: [AnalyticsController, DonorsController, PaymentIntentsController],
  providers: [
    AnalyticsRepository, AnalyticsService, DonorSummaryCache, DonorsRepository, DonorsService, PaymentIntentsRepository,
    TransactionsRepository, TransactionsService,
  ],
  exports: [DonorSummaryCache],
})
export class DashboardModule {}
