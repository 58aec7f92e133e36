import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { JobProducer } from '../../../core/src/queue/job.producer.js';
import { outbox } from '../../../core/src/mail-outbox/outbox.repository.js';
import { QueueName } from '../../../core/src/queue/queue.constants.js';
import { createRedis } from '../../../core/src/queue/redis.js';
import type { HealthDto } from './health.dto.js';

/** Projection counts as behind once the oldest unprocessed event has waited this long (the relay re-enqueues after 30 s). */
export const PROJECTION_BEHIND_SECONDS = 300;

/** What the service finds: every part of the health answer (the controller shows the public ones to anyone). */
export type HealthReport = Required<HealthDto>;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms).unref()),
  ]);
}

@Injectable()
export class HealthService implements OnModuleDestroy {
  private readonly redis: Redis;

  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(JobProducer) private readonly producer: JobProducer,
    @Inject(ENV) env: EnvDto,
  ) {
    this.redis = createRedis(env.REDIS_URL, { failFast: true, name: 'api-health' });
  }

  async check(): Promise<HealthReport> {
    const [database, redis] = await Promise.all([this.checkDatabase(), this.checkRedis()]);
    const queues: HealthReport['queues'] = {};
    for (const name of Object.values(QueueName)) {
      if (!redis.ok) {
        queues[name] = { error: 'redis unavailable' };
        continue;
      }
      try {
        const c = await withTimeout(
          this.producer.queue(name).getJobCounts('waiting', 'active', 'delayed', 'failed'),
          1500,
        );
        const [waiting, active, delayed] = [c.waiting ?? 0, c.active ?? 0, c.delayed ?? 0];
        queues[name] = { depth: waiting + active + delayed, waiting, active, delayed, failed: c.failed ?? 0 };
      } catch (err) {
        queues[name] = { error: (err as Error).message };
      }
    }
    const lag = database.projectionLagSeconds;
    const projection = lag === undefined ? 'unknown' : lag > PROJECTION_BEHIND_SECONDS ? 'behind' : 'ok';
    const mail = database.ok
      ? await withTimeout(outbox.counts(this.ds), 2000).catch((err: Error) => ({ error: err.message }))
      : { error: 'database unavailable' };
    return { status: database.ok && redis.ok ? 'ok' : 'degraded', projection, database, redis, queues, mail };
  }

  private async checkDatabase(): Promise<HealthReport['database']> {
    const started = performance.now();
    try {
      const [row] = await withTimeout(
        this.ds.query(
          `SELECT (SELECT count(*) FROM stripe_events WHERE processed_at IS NULL)::int AS unprocessed,
                  (SELECT coalesce(floor(extract(epoch FROM now() - min(received_at))), 0) FROM stripe_events WHERE processed_at IS NULL)::int AS lag,
                  count(*)::int AS rejected,
                  count(*) FILTER (WHERE received_at > now() - interval '24 hours')::int AS rejected_day
             FROM stripe_events WHERE rejected_reason IS NOT NULL`,
        ),
        2000,
      );
      return {
        ok: true,
        latencyMs: Math.round(performance.now() - started),
        unprocessedEvents: row.unprocessed,
        projectionLagSeconds: row.lag,
        rejectedEvents: row.rejected,
        rejectedEventsLast24h: row.rejected_day,
      };
    } catch (err) {
      return { ok: false, error: (err as Error).message };
    }
  }

  private async checkRedis(): Promise<HealthReport['redis']> {
    const started = performance.now();
    try {
      await withTimeout(this.redis.ping(), 1500);
      return { ok: true, latencyMs: Math.round(performance.now() - started) };
    } catch (err) {
      return { ok: false, error: (err as Error).message };
    }
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}
