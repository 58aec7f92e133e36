import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { TaxExportsController } from './tax-exports.controller.js';
import { TaxExportsRepository } from './tax-exports.repository.js';
import { TaxExportsService } from './tax-exports.service.js';

/** Tax-year CSV exports (streamed from a cursor) and year-end giving statements (PDF). */
@Module({
  imports: [AnalyticsModule],
  controllers: [TaxExportsController],
  providers: [TaxExportsRepository, TaxExportsService],
})
export class TaxExportsModule {}
