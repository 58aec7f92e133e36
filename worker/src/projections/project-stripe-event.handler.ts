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
 * While one batch is in flight and the last carried MicroBatcher's lingerAfter events or more (8), the next waits
 * this long to fill: fewer, fuller transactions under load (the peer bench at 10 and 50 connections: 1,406 -> 662
 * transactions for 44,000 events), while an event after a quiet spell is projected at once (the lag at 100
 * events/s is unchanged).
 */
export const PROJECTION_LINGER_MS = 50;

/**
 * Projects inbox rows, many per transaction: the events of every projection job running at once go into
 * batches of up to PROJECTION_BATCH (projectStripeEvents), and each event's promise settles when its batch has
 * committed. A batch that fails is retried event by event, each in its own transaction, so one event that
 * cannot be projected fails alone: the failure is recorded on its row (attempts, last_error). The fees that
 * a batch's charges and refunds name by id are read by a follow-up job, after the commit.
 */
@Injectable()
export class ProjectionBatcher {
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
      lingerMs: PROJECTION_LINGER_MS,
    });
  }

  /** Resolves once the event's batch committed; rejects when the event failed on its own (recorded on its row). */
  async project1(eventId: string): Promise<ProjectionOutcome> {
    try {
      return await this.batcher.submit(eventId);
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
        .catch((err) =>
          this.logger.warn(
            { err: (err as Error).message, count: balanceTransactions.length },
            'could not queue the reading of fees; payouts will bring them',
          ),
        );
    }
    return eventIds.map((id) => outcomes.get(id)!);
  }
}

/** One event (the relay's, a replay's, a failed event's retry): BullMQ retries it with backoff until it projects. */
@Injectable()
export class ProjectStripeEventHandler implements JobHandler<JobName.ProjectStripeEvent> {
  readonly jobName = JobName.ProjectStripeEvent as const;

  constructor(@Inject(ProjectionBatcher) private readonly projection: ProjectionBatcher) {}

  async handle({ eventId }: JobData[JobName.ProjectStripeEvent]): Promise<void> {
    await this.projection.project1(eventId);
  }
}

/**
 * The events the API stored together. An event that fails in it goes on with a job of its own (jobId = its id),
 * retried with backoff like any single event; if even that cannot be queued, this job fails and BullMQ runs
 * it again (the events already projected are skipped), and the relay stands behind both.
 */
@Injectable()
export class ProjectStripeEventsHandler implements JobHandler<JobName.ProjectStripeEvents> {
  readonly jobName = JobName.ProjectStripeEvents as const;

  constructor(
    @Inject(ProjectionBatcher) private readonly projection: ProjectionBatcher,
    @Inject(JobProducer) private readonly producer: JobProducer,
  ) {}

  async handle({ eventIds }: JobData[JobName.ProjectStripeEvents]): Promise<void> {
    const results = await Promise.allSettled(eventIds.map((id) => this.projection.project1(id)));
    const failed = eventIds.filter((_, i) => results[i].status === 'rejected');
    if (failed.length) {
      await this.producer.addBulk(
        JobName.ProjectStripeEvent,
        failed.map((eventId) => ({ data: { eventId }, opts: { jobId: eventId, delay: 500 } })),
        5000,
      );
    }
  }
}
