import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import type { Logger } from 'pino';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { LOGGER } from '../../../core/src/logging/logger.js';
import { JobProducer } from '../../../core/src/queue/job.producer.js';
import { JobName } from '../../../core/src/queue/queue.constants.js';
import { STRIPE } from '../../../core/src/stripe/stripe.client.js';
import { eventRejection, isLiveKey } from '../../../core/src/stripe/event-sanity.js';
import { MicroBatcher } from '../../../core/src/batching/micro-batcher.js';
import { StripeEventInboxRepository, type StoredEvent } from './stripe-event-inbox.repository.js';
import { badRequest, DomainError } from '../../../core/src/http/errors.js';

/** The two answers nearly every delivery gets, shared (callers only read them). */
const STORED = Object.freeze({ received: true, duplicate: false } as const);
const DUPLICATE = Object.freeze({ received: true, duplicate: true } as const);

/** At most one projection job is queued in this many ms while events keep arriving (see the enqueuer)... */
const ENQUEUE_INTERVAL_MS = 10;
/** ...and in this many once a job carried 8 events or more (many at a time: fewer, fuller jobs). */
const ENQUEUE_INTERVAL_UNDER_LOAD_MS = 50;

/** Stripe's own default: a signature older than five minutes is a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

export function isStripeEvent(value: unknown): value is Stripe.Event {
  const e = value as Partial<Stripe.Event> | null;
  return (
    !!e &&
    typeof e === 'object' &&
    e.object === 'event' &&
    typeof e.id === 'string' &&
    /^evt_\w+$/.test(e.id) &&
    typeof e.type === 'string' &&
    e.type.length > 0 &&
    Number.isInteger(e.created) &&
    !!e.data &&
    typeof e.data.object === 'object' &&
    e.data.object !== null
  );
}

/** `\u0000` escapes not preceded by an escaping backslash (an even run of backslashes before them). */
const NUL_ESCAPE = /(?<!\\)((?:\\\\)*)\\u0000/g;

/**
 * The event's JSON as the inbox can hold it. Postgres text and jsonb cannot hold the NUL character, so an
 * event whose text carries one (a donor's name pasted with a stray control character) would be refused on
 * every retry and finally lost; the NULs are dropped instead. The signature was checked on the bytes as sent.
 */
export function storableJson(raw: string): string {
  return raw.includes('\\u0000') ? raw.replace(NUL_ESCAPE, '$1') : raw;
}

/**
 * verify -> sanity checks -> inbox -> enqueue (a rejected event is stored marked rejected and not enqueued). The event is acknowledged only once it is stored; enqueueing is best effort
 * (the worker's relay re-enqueues inbox rows that were never picked up), so Redis being away costs latency,
 * never an event.
 */
@Injectable()
export class StripeWebhookService {
  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(JobProducer) private readonly producer: JobProducer,
    @Inject(StripeEventInboxRepository) private readonly inbox: StripeEventInboxRepository,
  ) {
    this.livemode = isLiveKey(env.STRIPE_SECRET_KEY);
  }

  /** The mode of the key in use: events of the other mode are rejected. */
  private readonly livemode: boolean;

  /**
   * Enqueueing is off the acknowledgment's path (the answer waits for Postgres, not for Redis), one Redis
   * command at a time, and at most one job every ENQUEUE_INTERVAL_MS: an event stored after a quiet spell is
   * queued on the next turn, while under load a job carries what was stored since the last one. Each job costs a
   * Lua script run and a socket write here and four Redis round trips in the worker (its wake-up, the take, an
   * empty take, the completion); one job per inbox statement (1 to 3 events at 10 connections) made those a fifth
   * of the worker's CPU. Under load (a job of 8 events or more) the interval is longer: the worker's batches wait
   * up to 50 ms to fill anyway (PROJECTION_LINGER_MS), so a job every 50 ms is about one per batch; a trickle
   * (100 events/s: jobs of one) keeps the short interval and its lag.
   */
  private readonly enqueuer = new MicroBatcher<string, void>((ids) => this.enqueueMany(ids), {
    maxBatch: 500,
    maxInFlight: 1,
    minIntervalMs: ENQUEUE_INTERVAL_MS,
    minIntervalUnderLoadMs: ENQUEUE_INTERVAL_UNDER_LOAD_MS,
    lingerAfter: 8,
  });

  async ingest(
    body: unknown,
    signature: string | string[] | undefined,
  ): Promise<{ received: true; duplicate: boolean; rejected?: string }> {
    if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('Empty body: expected a Stripe event');
    if (typeof signature !== 'string' || signature.length === 0) throw badRequest('Missing Stripe-Signature header');
    // Decoded once: the SDK signs and parses the text it is given (given bytes, it decodes them twice), and the
    // inbox stores the same text.
    const text = body.toString('utf8');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        text,
        signature,
        this.env.STRIPE_WEBHOOK_SECRET,
        SIGNATURE_TOLERANCE_SECONDS,
      );
    } catch (err) {
      if (err instanceof Stripe.errors.StripeSignatureVerificationError) throw badRequest('Invalid Stripe signature');
      throw badRequest('Body is not a Stripe event');
    }
    if (!isStripeEvent(event)) throw badRequest('Body is not a Stripe event');

    const rejected = eventRejection(event, { livemode: this.livemode, receivedAt: Math.floor(Date.now() / 1000) });
    let stored: StoredEvent;
    try {
      stored = await this.inbox.store(event, storableJson(text), rejected);
    } catch (err) {
      // Whatever kept the event out of the inbox (Postgres down, not accepting connections, a timeout),
      // the answer is the same: not acknowledged, so Stripe delivers it again later.
      this.logger.error({ eventId: event.id, err: (err as Error).message }, 'could not store a Stripe event');
      throw new DomainError(503, 'The event could not be stored; please retry', 5);
    }
    const { inserted, pending } = stored;
    if (rejected) {
      // Acknowledged (Stripe would retry a refusal for days), kept for a person to look at, never projected.
      if (inserted)
        this.logger.warn(
          { eventId: event.id, type: event.type, reason: rejected },
          'Stripe event rejected by the sanity checks',
        );
      return { received: true, duplicate: !inserted, rejected };
    }
    // Stored is what the 200 promises; the job follows (and the relay enqueues what never got one).
    if (pending) void this.enqueue(event.id);
    return inserted ? STORED : DUPLICATE;
  }

  /** Never rejects: an event that is stored is acknowledged, queued or not. */
  private enqueue(eventId: string): Promise<void> {
    return this.enqueuer.submit(eventId);
  }

  /**
   * One job for the events stored together (one Redis command, and one job for the worker to take); a failure
   * hands all of them to the relay.
   */
  private async enqueueMany(eventIds: string[]): Promise<void[]> {
    try {
      await this.producer.add(JobName.ProjectStripeEvents, { eventIds });
    } catch (err) {
      this.logger.warn(
        { events: eventIds.length, firstEventId: eventIds[0], err: (err as Error).message },
        'events stored but not enqueued; the relay will enqueue them',
      );
      await this.inbox.clearEnqueued(eventIds).catch(() => undefined);
    }
    return eventIds.map(() => undefined);
  }
}
