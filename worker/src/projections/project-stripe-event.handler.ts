import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { LOGGER } from '../../../core/src/logging/logger.js';
import { JobName, type JobData } from '../../../core/src/queue/queue.constants.js';
import { STRIPE } from '../../../core/src/stripe/stripe.client.js';
import { eventRejection, isLiveKey } from '../../../core/src/stripe/event-sanity.js';
import type { JobHandler } from '../jobs/job-handler.js';
import { stripeEvents } from '../inbox/stripe-events.repository.js';
import { projectionFor } from './projection-registry.js';
import { customerOf, scrubIfErased } from '../../../core/src/privacy/donor-erasure.js';

/**
 * Projects one inbox row into the read model: the projection and the row's processed mark commit together,
 * so an event is applied exactly once however often its job runs (a duplicate job finds the row processed;
 * a crash before commit leaves it unprocessed for the retry or the relay). A failure is recorded on the row
 * (attempts, last_error) and re-thrown so BullMQ retries with backoff. An event the sanity checks refuse
 * (event-sanity.ts) is marked rejected and projects nothing.
 */
@Injectable()
export class ProjectStripeEventHandler implements JobHandler<JobName.ProjectStripeEvent> {
  readonly jobName = JobName.ProjectStripeEvent as const;
  private readonly livemode: boolean;

  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.livemode = isLiveKey(env.STRIPE_SECRET_KEY);
  }

  async handle({ eventId }: JobData[JobName.ProjectStripeEvent]): Promise<void> {
    try {
      await projectStripeEvent(this.ds, eventId, { stripe: this.stripe, timeZone: this.env.TIME_ZONE, logger: this.logger, livemode: this.livemode });
    } catch (err) {
      await stripeEvents.markFailed(this.ds, eventId, (err as Error).message).catch(() => undefined);
      throw err;
    }
  }
}

export async function projectStripeEvent(
  ds: DataSource,
  eventId: string,
  deps: { stripe: Stripe; timeZone: string; logger: Logger; /** the mode of the key in use (isLiveKey) */ livemode: boolean },
): Promise<'processed' | 'ignored' | 'rejected' | 'already' | 'missing'> {
  return ds.transaction(async (m) => {
    const event = await stripeEvents.lockForProjection(m, eventId);
    if (!event) {
      deps.logger.warn({ eventId }, 'job for an event that is not in the inbox');
      return 'missing';
    }
    if (event.processed_at) return 'already';
    // The API checked on arrival; checked again here for rows stored before the checks existed, and on replay.
    const rejected = eventRejection({ created: event.created, livemode: event.livemode, data: event.payload?.data }, { livemode: deps.livemode, receivedAt: event.received_at });
    if (rejected) {
      deps.logger.warn({ eventId, type: event.type, reason: rejected }, 'Stripe event rejected by the sanity checks');
      await stripeEvents.markRejected(m, eventId, rejected);
      return 'rejected';
    }
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
      // A donor whose data was erased stays erased: what this event just wrote about them is scrubbed again.
      const customerId = await customerOf(m, object);
      if (customerId && (await scrubIfErased(m, customerId))) deps.logger.info({ eventId, type: event.type }, 'event about an erased donor scrubbed');
    }
    await stripeEvents.markProcessed(m, eventId, !projection);
    return projection ? 'processed' : 'ignored';
  });
}
