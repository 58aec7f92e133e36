import { Module } from '@nestjs/common';
import { DonorsModule } from '../donors/donors.module.js';
import { DonorImportsController } from './donor-imports.controller.js';
import { DonorImportsRepository } from './donor-imports.repository.js';
import { DonorImportsService } from './donor-imports.service.js';

/** Donors and past gifts from a CSV: upload, preview, import in batches. */
@Module({
  imports: [DonorsModule],
  controllers: [DonorImportsController],
  providers: [DonorImportsRepository, DonorImportsService],
})
export class DonorImportsModule {}
