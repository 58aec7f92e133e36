import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { LOGGER } from '../../../core/src/logging/logger.js';
import { JobProducer } from '../../../core/src/queue/job.producer.js';
import { DEFAULT_JOB_OPTIONS, JobName, QueueName } from '../../../core/src/queue/queue.constants.js';
import { stripeEvents } from '../inbox/stripe-events.repository.js';
import { PeriodicTask } from '../outbox/periodic-task.js';

const BATCH = 200;
/** While the queue holds work, an event queued this long ago and still unprocessed is taken as lost. */
const LOST_AFTER_SECONDS = 300;

/**
 * The transactional-outbox relay: the API acknowledges an event once it is in the inbox, even when Redis
 * is away and the job could not be added. Every few seconds this re-enqueues inbox rows still unprocessed
 * after RELAY_GRACE_SECONDS. It is safe with any number of workers: rows are claimed with
 * FOR UPDATE SKIP LOCKED, the relay's job id is the event id (BullMQ ignores a second add of a waiting,
 * active or delayed job), and the projection itself ignores an event already processed.
 */
@Injectable()
export class InboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private task?: PeriodicTask;

  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(JobProducer) private readonly producer: JobProducer,
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const everyMs = Math.max(1000, (this.env.RELAY_GRACE_SECONDS * 1000) / 2);
    this.task = new PeriodicTask('inbox relay', everyMs, () => this.tick().then(() => undefined), this.logger);
    this.task.start();
  }

  /** Resolves once a whole pass that began after the call has finished (see PeriodicTask.nextPass). */
  nextPass(): Promise<void> {
    return this.task ? this.task.nextPass() : Promise.resolve();
  }

  /** One pass; returns how many events were re-enqueued. */
  async tick(): Promise<number> {
    // The API queues the events it stores together as one job, whose id names none of them: while the queue
    // holds work, an event queued a while ago is most likely waiting in it, and only an event never queued
    // (or queued LOST_AFTER_SECONDS ago) is taken. An empty queue with events still unprocessed past the grace
    // period means their jobs were lost (Redis restarted empty): every such event is taken.
    let queued: number;
    try {
      const c = await this.producer
        .queue(QueueName.StripeEvents)
        .getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
      queued = Object.values(c).reduce((a, b) => a + b, 0);
    } catch {
      return 0; // Redis is away: nothing can be queued now (the API logs it).
    }
    const grace = this.env.RELAY_GRACE_SECONDS;
    return this.ds.transaction(async (m) => {
      const due = await stripeEvents.claimDue(
        m,
        grace,
        DEFAULT_JOB_OPTIONS.attempts,
        BATCH,
        queued > 0 ? Math.max(grace, LOST_AFTER_SECONDS) : grace,
      );
      const enqueued: string[] = [];
      for (const eventId of due) {
        try {
          // A completed job under this id with the row unprocessed means the row was reset (replayed, restored
          // from a backup): BullMQ would ignore the add, so the old job goes first. A failed job stays for replay.
          const existing = await this.producer.getJob(JobName.ProjectStripeEvent, eventId);
          if (existing && (await existing.isCompleted())) await existing.remove();
          await this.producer.add(JobName.ProjectStripeEvent, { eventId }, { jobId: eventId });
          enqueued.push(eventId);
        } catch (err) {
          this.logger.warn(
            { err: (err as Error).message, pending: due.length - enqueued.length },
            'relay cannot enqueue yet',
          );
          break;
        }
      }
      await stripeEvents.markEnqueued(m, enqueued);
      if (enqueued.length) this.logger.info({ count: enqueued.length }, 'relay re-enqueued inbox events');
      return enqueued.length;
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task?.stop();
  }
}
