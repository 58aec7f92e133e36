import { Redis, type RedisOptions } from 'ioredis';

/**
 * One ioredis connection. BullMQ needs maxRetriesPerRequest: null on the connections it blocks on;
 * `failFast` connections (health checks, throttles) give up quickly instead of queueing commands
 * while Redis is away.
 */
export function createRedis(url: string, opts: { failFast?: boolean; name?: string } = {}): Redis {
  const options: RedisOptions = opts.failFast
    ? {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        connectTimeout: 2000,
        lazyConnect: false,
        connectionName: opts.name,
      }
    : { maxRetriesPerRequest: null, enableReadyCheck: true, connectionName: opts.name };
  const redis = new Redis(url, options);
  // Errors surface through the callers; without a listener ioredis prints every reconnect attempt.
  redis.on('error', () => undefined);
  return redis;
}
