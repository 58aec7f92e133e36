import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { MicroBatcher } from '../../../core/src/batching/micro-batcher.js';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { LOGGER } from '../../../core/src/logging/logger.js';
import { JobProducer } from '../../../core/src/queue/job.producer.js';
import { JobName, type JobData } from '../../../core/src/queue/queue.constants.js';
import { STRIPE } from '../../../core/src/stripe/stripe.client.js';
import { isLiveKey } from '../../../core/src/stripe/event-sanity.js';
import type { JobHandler } from '../jobs/job-handler.js';
import { stripeEvents } from '../inbox/stripe-events.repository.js';
import { projectStripeEvents, type ProjectionDeps, type ProjectionOutcome } from './project-stripe-events.js';

/** The most events one projection transaction carries. */
export const PROJECTION_BATCH = 200;
/** Projection transactions in flight at once: one commits while the next one's events gather. */
export const PROJECTION_BATCHES_IN_FLIGHT = 2;

/**
 * Projects inbox rows, many per transaction: jobs that run together (the worker takes up to
 * PROJECTION_BATCH x PROJECTION_BATCHES_IN_FLIGHT projection jobs at once) go into one batch
 * (projectStripeEvents), and each job completes when its batch has committed. A batch that fails is retried
 * event by event, each in its own transaction, so one event that cannot be projected fails only its own job:
 * the failure is recorded on its row (attempts, last_error) and re-thrown so BullMQ retries it with backoff.
 * The fees that the batch's charges and refunds name by id are read by a follow-up job, after the commit.
 */
@Injectable()
export class ProjectStripeEventHandler implements JobHandler<JobName.ProjectStripeEvent> {
  readonly jobName = JobName.ProjectStripeEvent as const;
  private readonly deps: ProjectionDeps;
  private readonly batcher: MicroBatcher<string, ProjectionOutcome>;

  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(STRIPE) stripe: Stripe,
    @Inject(ENV) env: EnvDto,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(JobProducer) private readonly producer: JobProducer,
  ) {
    this.deps = { stripe, timeZone: env.TIME_ZONE, logger, livemode: isLiveKey(env.STRIPE_SECRET_KEY) };
    this.batcher = new MicroBatcher((ids) => this.project(ids), {
      maxBatch: PROJECTION_BATCH,
      maxInFlight: PROJECTION_BATCHES_IN_FLIGHT,
      isolateFailures: true,
    });
  }

  async handle({ eventId }: JobData[JobName.ProjectStripeEvent]): Promise<void> {
    try {
        await this.batcher.submit(eventId);
    } catch (err) {
      await stripeEvents.markFailed(this.ds, eventId, (err as Error).message).catch(() => undefined);
      throw err;
    }
  }

  private async project(eventIds: string[]): Promise<ProjectionOutcome[]> {
    const { outcomes, balanceTransactions } = await projectStripeEvents(this.ds, eventIds, this.deps);
    if (balanceTransactions.length) {
      await this.producer
        .add(JobName.ReadBalanceTransactions, { items: balanceTransactions })
        .catch((err) => this.logger.warn({ err: (err as Error).message, count: balanceTransactions.length }, 'could not queue the reading of fees; payouts will bring them'));
    }
    return eventIds.map((id) => outcomes.get(id)!);
  }
}
