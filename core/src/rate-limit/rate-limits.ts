import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError } from '../http/errors.js';
import { createRedis } from '../queue/redis.js';

/** A limit: at most `points` counted events per `seconds`, counted from the key's first event (fixed window). */
export interface LimitRule {
  points: number;
  seconds: number;
}

/** A refused request: 429, with Retry-After set by errorAnswer from retryAfterSeconds (no controller has to). */
export class TooManyRequestsException extends DomainError {
  constructor(retryAfterSeconds: number, message: string) {
    super(429, message, retryAfterSeconds);
  }
}

/** What a look at some counters found: how long to wait (0: go ahead), or that Redis did not answer. */
export type LimitVerdict = { waitMs: number; unavailable?: undefined } | { waitMs: 0; unavailable: Error };

export type Counter = readonly [RateLimiterRedis, string];

/**
 * The one rate-limiting mechanism of the API (sign-in throttling and donation limits alike):
 * rate-limiter-flexible's atomic Redis counters, shared by every API process. Each user of it makes its own
 * failFast connection, so an unreachable Redis answers at once and the caller decides to fail open.
 */
export class RedisRateLimits {
  readonly redis: Redis;

  constructor(
    redisUrl: string,
    private readonly prefix: string,
    connectionName: string,
  ) {
    this.redis = createRedis(redisUrl, { failFast: true, name: connectionName });
  }

  /** A counter family: keys `{REDIS_PREFIX}:{name}:{key}`. */
  limiter(name: string, rule: LimitRule): RateLimiterRedis {
    return new RateLimiterRedis({
      storeClient: this.redis,
      keyPrefix: `${this.prefix}:${name}`,
      points: rule.points,
      duration: rule.seconds,
      rejectIfRedisNotReady: true,
    });
  }

  close(): void {
    this.redis.disconnect();
  }
}

/**
 * The counters of an endpoint family that counts every attempt and refuses the one over a limit (donations,
 * sign-in links): `hit` counts an attempt on each counter given, throws `refusal(seconds)` when one is over its
 * limit, and lets the attempt through when Redis did not answer, after `onUnavailable` has said so in the log.
 */
export class AttemptLimits extends RedisRateLimits {
  constructor(
    redisUrl: string,
    prefix: string,
    connectionName: string,
    private readonly onUnavailable: (err: Error) => void,
    private readonly refusal: (retryAfterSeconds: number) => TooManyRequestsException,
  ) {
    super(redisUrl, prefix, connectionName);
  }

  async hit(counters: Counter[]): Promise<void> {
    enforce(await consumeAll(counters), this.onUnavailable, this.refusal);
  }
}

/** Counts one event on every counter; waitMs is the longest wait among those now over their limit. */
export async function consumeAll(counters: Counter[]): Promise<LimitVerdict> {
  const settled = await Promise.allSettled(counters.map(([limiter, key]) => limiter.consume(key)));
  let waitMs = 0;
  for (const s of settled) {
    if (s.status === 'fulfilled') continue;
    if (!(s.reason instanceof RateLimiterRes)) return { waitMs: 0, unavailable: s.reason as Error };
    waitMs = Math.max(waitMs, s.reason.msBeforeNext, 1);
  }
  return { waitMs };
}

/** Counts nothing: waitMs is the longest wait among the counters that have already used up their points. */
export async function peekAll(counters: Counter[]): Promise<LimitVerdict> {
  try {
    const found = await Promise.all(counters.map(([limiter, key]) => limiter.get(key)));
    let waitMs = 0;
    found.forEach((res, i) => {
      if (res && res.consumedPoints >= counters[i][0].points) waitMs = Math.max(waitMs, res.msBeforeNext, 1);
    });
    return { waitMs };
  } catch (err) {
    return { waitMs: 0, unavailable: err as Error };
  }
}

/**
 * What every limiter does with a verdict: lets the attempt through when Redis did not answer (the caller's
 * onUnavailable says so in the log: an outage must lock no one out), and throws `refusal(seconds)` when a
 * counter is over its limit.
 */
export function enforce(
  verdict: LimitVerdict,
  onUnavailable: (err: Error) => void,
  refusal: (retryAfterSeconds: number) => TooManyRequestsException,
): void {
  if (verdict.unavailable) return onUnavailable(verdict.unavailable);
  if (verdict.waitMs > 0) throw refusal(retryAfterSeconds(verdict.waitMs));
}

/** Whole seconds for Retry-After (at least 1). */
export function retryAfterSeconds(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000));
}

/** "1 minute", "12 minutes" or, under a minute, "20 seconds": how long a refused client should wait. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
