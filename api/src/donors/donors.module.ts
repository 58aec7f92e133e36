import { Module } from '@nestjs/common';
import { DonorSummaryCache } from './donor-summary.cache.js';
import { DonorsController } from './donors.controller.js';
import { DonorsRepository } from './donors.repository.js';
import { DonorsService } from './donors.service.js';

/** The admin's donors: the list with its summary, one donor, and create/delete through Stripe. */
@Module({
  controllers: [DonorsController],
  providers: [DonorsRepository, DonorsService, DonorSummaryCache],
  exports: [DonorsService, DonorSummaryCache],
})
export class DonorsModule {}
