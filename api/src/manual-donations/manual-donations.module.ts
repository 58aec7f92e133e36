import { Module } from '@nestjs/common';
import { DonorsModule } from '../donors/donors.module.js';
import { ManualDonationsController } from './manual-donations.controller.js';
import { ManualDonationsRepository } from './manual-donations.repository.js';
import { ManualDonationsService } from './manual-donations.service.js';

/** Offline gifts entered by an admin; they count in every total and export like card gifts. */
@Module({
  imports: [DonorsModule],
  controllers: [ManualDonationsController],
  providers: [ManualDonationsRepository, ManualDonationsService],
  exports: [ManualDonationsRepository],
})
export class ManualDonationsModule {}
