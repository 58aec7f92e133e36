import { Module } from '@nestjs/common';
import { DonorsModule } from '../donors/donors.module.js';
import { DonorPrivacyController } from './donor-privacy.controller.js';
import { DonorPrivacyRepository } from './donor-privacy.repository.js';
import { DonorPrivacyService } from './donor-privacy.service.js';
import { StripeDonorScrub } from './stripe-donor-scrub.js';

/** A donor's data export and erasure. */
@Module({
  imports: [DonorsModule],
  controllers: [DonorPrivacyController],
  providers: [DonorPrivacyRepository, DonorPrivacyService, StripeDonorScrub],
})
export class DonorPrivacyModule {}
