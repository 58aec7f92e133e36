import { Module } from '@nestjs/common';
import { OperationsController } from './operations.controller.js';
import { OperationsRepository } from './operations.repository.js';
import { OperationsService } from './operations.service.js';

/**
 * The admin's view of the pipeline (queues, failed jobs, projection lag, failed events) with retry and replay.
 * A page of our own rather than @bull-board: its UI cannot send the admin's bearer token (sessions live in the
 * browser's storage, not in a cookie) and it needs inline scripts our CSP refuses; it also knows nothing of the
 * inbox, where failed projections are kept.
 */
@Module({ controllers: [OperationsController], providers: [OperationsService, OperationsRepository] })
export class OperationsModule {}
