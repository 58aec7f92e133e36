import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { LOGGER } from '../../../core/src/logging/logger.js';
import { JobName, type JobData } from '../../../core/src/queue/queue.constants.js';
import { moneyMovement } from '../../../core/src/read-model/money-movement.repository.js';
import { STRIPE } from '../../../core/src/stripe/stripe.client.js';
import type { JobHandler } from '../jobs/job-handler.js';
import { readBalanceTransaction } from './money.projection.js';

/** Stripe look-ups at once per job: a backlog's fees arrive quickly without flooding Stripe's read limit. */
const AT_ONCE = 4;

/**
 * The fees of the charges and refunds a projection batch wrote: each balance transaction not stored yet is
 * read from Stripe and stored, a few at a time, outside any projection's transaction. A failed read is a
 * warning, as it was inside the projection (the payout's reconciliation reads it again).
 */
@Injectable()
export class ReadBalanceTransactionsHandler implements JobHandler<JobName.ReadBalanceTransactions> {
  readonly jobName = JobName.ReadBalanceTransactions as const;

  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(ENV) private readonly env: EnvDto,
  ) {}

  async handle({ items }: JobData[JobName.ReadBalanceTransactions]): Promise<void> {
    const stored = await moneyMovement.storedBalanceTransactions(this.ds, items.map((i) => i.id));
    const todo = items.filter((i) => !stored.has(i.id));
    const ctx = { db: this.ds, stripe: this.stripe, timeZone: this.env.TIME_ZONE, warn: (msg: string, details?: Record<string, unknown>) => this.logger.warn(details ?? {}, msg) };
    let next = 0;
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, todo.length) }, async () => {
      for (let i = next++; i < todo.length; i = next++) await readBalanceTransaction(ctx, todo[i].id, todo[i].id, todo[i].chargeId);
    }));
  }
}
