import { Module } from '@nestjs/common';
import { RetentionFiguresCache } from './retention-figures.cache.js';
import { RetentionController } from './retention.controller.js';
import { RetentionRepository } from './retention.repository.js';
import { RetentionService } from './retention.service.js';

/** Donor retention reports (Insights tab): retention rate, first-time donors, LYBUNT, SYBUNT, recurring conversion. */
@Module({
  controllers: [RetentionController],
  providers: [RetentionRepository, RetentionService, RetentionFiguresCache],
})
export class RetentionModule {}
