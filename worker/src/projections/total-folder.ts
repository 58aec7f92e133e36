import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { LOGGER } from '../../../core/src/logging/logger.js';
import { foldTotalDeltas } from '../../../core/src/read-model/total-deltas.js';
import { PeriodicTask } from '../outbox/periodic-task.js';

/** How often each worker tries to fold: the deltas a reader sums stay a few per bucket. */
export const FOLD_EVERY_MS = 1000;

/**
 * Folds the day and month totals' deltas (total_deltas) into their folded rows every FOLD_EVERY_MS. Any
 * number of workers run it: one fold at a time holds the lock and the others skip their turn, so no batch
 * ever waits for a fold and no fold for a batch. Readers are exact whether it has run or not.
 */
@Injectable()
export class TotalFolder implements OnApplicationBootstrap, OnApplicationShutdown {
  private task?: PeriodicTask;

  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.task = new PeriodicTask('totals fold', FOLD_EVERY_MS, () => this.fold(), this.logger);
    this.task.start();
  }

  private async fold(): Promise<void> {
    await foldTotalDeltas(this.ds);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task?.stop();
  }
}
