import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { LOGGER } from '../../../core/src/logging/logger.js';
import { JOB_QUEUE, JobName, QueueName } from '../../../core/src/queue/queue.constants.js';
import { createRedis } from '../../../core/src/queue/redis.js';
import { checkHandlers, JOB_HANDLERS, type JobHandler } from './job-handler.js';
import { PROJECTION_BATCH, PROJECTION_BATCHES_IN_FLIGHT } from '../projections/project-stripe-event.handler.js';

/**
 * Consumes every queue with plain BullMQ workers and dispatches each job to its handler by name.
 * On shutdown it stops taking jobs and waits for the ones in flight (Worker.close() drains).
 */
@Injectable()
export class QueueConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly handlers: Map<JobName, JobHandler>;
  private readonly workers: Worker[] = [];
  private readonly connections: Redis[] = [];

  constructor(
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(JOB_HANDLERS) handlers: JobHandler[],
  ) {
    this.handlers = checkHandlers(handlers, Object.values(JobName));
  }

  onApplicationBootstrap(): void {
    for (const queue of Object.values(QueueName)) {
      const connection = createRedis(this.env.REDIS_URL, { name: `worker-${queue}` });
      this.connections.push(connection);
      const worker = new Worker(queue, (job) => this.run(job), {
        connection,
        prefix: this.env.REDIS_PREFIX,
        // Projection jobs are many at once: the handler gathers the ones running together into batches.
        concurrency: queue === QueueName.StripeEvents ? PROJECTION_BATCH * PROJECTION_BATCHES_IN_FLIGHT : 2,
        autorun: true,
        // A projection takes milliseconds, so a short lock (renewed while a job runs) lets the jobs of a worker
        // that died (SIGKILL, lost machine) go back to the queue within seconds instead of BullMQ's default 30 s.
        lockDuration: 10_000,
        stalledInterval: 5_000,
      });
      worker.on('failed', (job, err) =>
        this.logger.warn(
          { jobId: job?.id, job: job?.name, attempt: job?.attemptsMade, err: err.message },
          'job failed',
        ),
      );
      worker.on('error', (err) => this.logger.error({ err: err.message, queue }, 'worker error'));
      this.workers.push(worker);
    }
    this.logger.info(
      { queues: Object.values(QueueName), batch: PROJECTION_BATCH, batchesInFlight: PROJECTION_BATCHES_IN_FLIGHT },
      'worker consuming',
    );
  }

  private async run(job: Job): Promise<void> {
    const handler = this.handlers.get(job.name as JobName);
    if (!handler || JOB_QUEUE[job.name as JobName] !== job.queueName)
      throw new Error(`Unknown job "${job.name}" on ${job.queueName}`);
    await handler.handle(job.data, { jobId: job.id ?? '', attempt: job.attemptsMade + 1 });
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled(this.workers.map((w) => w.close()));
    // BullMQ leaves a connection it was given open; without this a stopped worker keeps the process alive.
    for (const c of this.connections) c.disconnect();
    this.logger.info('worker drained and closed');
  }
}
