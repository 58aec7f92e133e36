import { Module } from '@nestjs/common';
import { DonorSummaryCache } from './donor-summary.cache.js';
import { DonorsController } from './donors.controller.js';
import { DonorMergesController } from './donor-merges.controller.js';
import { DonorMergesRepository } from './donor-merges.repository.js';
import { DonorMergesService } from './donor-merges.service.js';
import { DonorsRepository } from './donors.repository.js';
import { DonorsService } from './donors.service.js';

/** The admin's donors: the list with its summary, one donor, create/edit/delete through Stripe, merges. */
@Module({
  controllers: [DonorsController, DonorMergesController],
  providers: [DonorsRepository, DonorsService, DonorSummaryCache, DonorMergesRepository, DonorMergesService],
  exports: [DonorsService, DonorSummaryCache],
})
export class DonorsModule {}
