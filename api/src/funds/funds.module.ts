import { Module } from '@nestjs/common';
import { DonationOptionsController, FundsController, FundTotalsController } from './funds.controller.js';
import { FundTotalsRepository } from './fund-totals.repository.js';
import { FundsService } from './funds.service.js';
import { PaymentFeesModule } from '../payment-fees/payment-fees.module.js';

/** Funds (designations): the donate page's options and the owners' list. */
@Module({
  imports: [PaymentFeesModule],
  controllers: [DonationOptionsController, FundsController, FundTotalsController],
  providers: [FundsService, FundTotalsRepository],
})
export class FundsModule {}
