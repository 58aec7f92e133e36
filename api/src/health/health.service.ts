import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { ENV } from '../core/config/load-env.js';
import type { EnvDto } from '../core/config/env.dto.js';
import { JobProducer } from '../core/queue/job.producer.js';
import { QueueName } from '../core/queue/queue.constants.js';
import { createRedis } from '../core/queue/redis.js';

export interface HealthReport {
  status: 'ok' | 'degraded';
  database: { ok: boolean; latencyMs?: number; error?: string; unprocessedEvents?: number };
  redis: { ok: boolean; latencyMs?: number; error?: string };
  queues: Record<string, { waiting: number; active: number; delayed: number; failed: number } | { error: string }>;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms).unref())]);
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
        const c = await withTimeout(this.producer.queue(name).getJobCounts('waiting', 'active', 'delayed', 'failed'), 1500);
        queues[name] = { waiting: c.waiting ?? 0, active: c.active ?? 0, delayed: c.delayed ?? 0, failed: c.failed ?? 0 };
      } catch (err) {
        queues[name] = { error: (err as Error).message };
      }
    }
    return { status: database.ok && redis.ok ? 'ok' : 'degraded', database, redis, queues };
  }

  private async checkDatabase(): Promise<HealthReport['database']> {
    const started = performance.now();
    try {
      const rows = await withTimeout(
        this.ds.query(`SELECT count(*)::int AS n FROM stripe_events WHERE processed_at IS NULL`),
        2000,
      );
      return { ok: true, latencyMs: Math.round(performance.now() - started), unprocessedEvents: rows[0].n };
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
