import { Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../../../core/src/logging/logger.js';
import { DonationRateLimiter } from './donation-rate-limiter.js';
import { DonationRecordsRepository } from './donation-records.repository.js';
import { DonationsController } from './donations.controller.js';
import { DonationsService } from './donations.service.js';
import { DONATIONS_LOGGER } from './donations.tokens.js';
import { DonorMatchRepository } from './donor-match.repository.js';
import { PaidGiftReader } from './paid-gift.reader.js';
import { ReceiptStatusRepository } from './receipt-status.repository.js';
import { MakeMonthlyService } from './make-monthly.service.js';
import { StripeDonationsService } from './stripe-donations.service.js';
import { PaymentFeesModule } from '../payment-fees/payment-fees.module.js';

/** Public donations: card payments (one-time and recurring) and the donor's form record. */
@Module({
  imports: [PaymentFeesModule],
  controllers: [DonationsController],
  providers: [
    {
      provide: DONATIONS_LOGGER,
      inject: [LOGGER],
      useFactory: (logger: Logger) => logger.child({ module: 'donations' }),
    },
    DonorMatchRepository,
    StripeDonationsService,
    PaidGiftReader,
    DonationRecordsRepository,
    ReceiptStatusRepository,
    MakeMonthlyService,
    DonationRateLimiter,
    DonationsService,
  ],
})
export class DonationsModule {}
