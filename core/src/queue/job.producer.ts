import { Inject, Injectable, Optional, type OnModuleDestroy } from '@nestjs/common';
import { type Job, Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { ENV } from '../config/load-env.js';
import type { EnvDto } from '../config/env.dto.js';
import { createRedis } from './redis.js';
import { DEFAULT_JOB_OPTIONS, JOB_QUEUE, type JobData, JobName, QueueName } from './queue.constants.js';

/** The Redis connection name of a producer (an optional Nest token: the API's default is 'api-producer'). */
export const PRODUCER_NAME = Symbol('PRODUCER_NAME');

/**
 * The only way onto the queues, typed by job name: the API's webhook ingest and mail requests, the worker's
 * inbox relay, and `events:replay` (built with `new JobProducer(env, 'replay')` outside Nest).
 */
@Injectable()
export class JobProducer implements OnModuleDestroy {
  private readonly connection: Redis;
  private readonly queues = new Map<QueueName, Queue>();

  constructor(@Inject(ENV) env: EnvDto, @Optional() @Inject(PRODUCER_NAME) name = 'api-producer') {
    this.connection = createRedis(env.REDIS_URL, { name });
    for (const name of Object.values(QueueName)) {
      const queue = new Queue(name, {
        connection: this.connection,
        prefix: env.REDIS_PREFIX,
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      });
      // Without a listener BullMQ prints every reconnect failure while Redis is away; callers see the errors.
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
  }

  queue(name: QueueName): Queue {
    return this.queues.get(name)!;
  }

  /** The job kept under `jobId` (BullMQ ignores an add under the id of a job it still keeps: clear it first). */
  async getJob<N extends JobName>(name: N, jobId: string): Promise<Job<JobData[N]> | undefined> {
    return this.queue(JOB_QUEUE[name]).getJob(jobId);
  }

  /** Waits until Redis is connected (a script's first add), failing after timeoutMs. */
  async ready(timeoutMs = 5000): Promise<void> {
    if (this.connection.status === 'ready') return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Redis did not connect within ${timeoutMs} ms`)), timeoutMs);
      this.connection.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /**
   * Adds a job, failing fast (timeoutMs) when Redis is away rather than holding the request:
   * callers that have already stored their work (the webhook inbox) treat a failure as "the relay will do it".
   */
  add<N extends JobName>(name: N, data: JobData[N], opts: JobsOptions = {}, timeoutMs = 1000): Promise<void> {
    return this.failFast(() => this.queue(JOB_QUEUE[name]).add(name, data, opts), timeoutMs);
  }

  /** Adds several jobs of one name in one Redis round trip (all or none), failing fast as add() does. */
  addBulk<N extends JobName>(
    name: N,
    jobs: { data: JobData[N]; opts?: JobsOptions }[],
    timeoutMs = 1000,
  ): Promise<void> {
    return this.failFast(
      () => this.queue(JOB_QUEUE[name]).addBulk(jobs.map((j) => ({ name, data: j.data, opts: j.opts }))),
      timeoutMs,
    );
  }

  private async failFast(add: () => Promise<unknown>, timeoutMs: number): Promise<void> {
    if (this.connection.status !== 'ready') throw new Error(`Redis is not connected (${this.connection.status})`);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        add(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('Timed out adding a job to Redis')), timeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    this.connection.disconnect();
  }
}
