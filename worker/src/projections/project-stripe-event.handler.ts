import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { ENV } from '../../../api/src/core/config/load-env.js';
import type { EnvDto } from '../../../api/src/core/config/env.dto.js';
import { LOGGER } from '../../../api/src/core/logging/logger.js';
import { JobName, type JobData } from '../../../api/src/core/queue/queue.constants.js';
import { STRIPE } from '../../../api/src/core/stripe/stripe.client.js';
import type { JobHandler } from '../jobs/job-handler.js';
import { stripeEvents } from '../inbox/stripe-events.repository.js';
import { projectionFor } from './projection-registry.js';

/**
 * Projects one inbox row into the read model: the projection and the row's processed mark commit together,
 * so an event is applied exactly once however often its job runs (a duplicate job finds the row processed;
 * a crash before commit leaves it unprocessed for the retry or the relay). A failure is recorded on the row
 * (attempts, last_error) and re-thrown so BullMQ retries with backoff.
 */
@Injectable()
export class ProjectStripeEventHandler implements JobHandler<JobName.ProjectStripeEvent> {
  readonly jobName = JobName.ProjectStripeEvent as const;

  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async handle({ eventId }: JobData[JobName.ProjectStripeEvent]): Promise<void> {
    try {
      await projectStripeEvent(this.ds, eventId, { stripe: this.stripe, timeZone: this.env.TIME_ZONE, logger: this.logger });
    } catch (err) {
      await stripeEvents.markFailed(this.ds, eventId, (err as Error).message).catch(() => undefined);
      throw err;
    }
  }
}

export async function projectStripeEvent(
  ds: DataSource,
  eventId: string,
  deps: { stripe: Stripe; timeZone: string; logger: Logger },
): Promise<'processed' | 'ignored' | 'already' | 'missing'> {
  return ds.transaction(async (m) => {
    const event = await stripeEvents.lockForProjection(m, eventId);
    if (!event) {
      deps.logger.warn({ eventId }, 'job for an event that is not in the inbox');
      return 'missing';
    }
    if (event.processed_at) return 'already';
    const projection = projectionFor(event.type);
    const object = event.payload?.data?.object;
    if (projection && object) {
      await projection(
        {
          db: m,
          stripe: deps.stripe,
          timeZone: deps.timeZone,
          warn: (msg, details) => deps.logger.warn({ eventId, type: event.type, ...details }, msg),
        },
        object,
        event.created,
      );
    }
    await stripeEvents.markProcessed(m, eventId, !projection);
    return projection ? 'processed' : 'ignored';
  });
}
