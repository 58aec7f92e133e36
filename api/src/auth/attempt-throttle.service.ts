import { createHash } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { ENV } from '../core/config/load-env.js';
import type { EnvDto } from '../core/config/env.dto.js';
import { createRedis } from '../core/queue/redis.js';
import { AUTH_LOGGER } from './auth.tokens.js';

export type ThrottleScope = 'login' | 'reset';

/** At most this many counted attempts per e-mail and per IP within the window; the next one is refused. */
export const THROTTLE_LIMITS = { email: 5, ip: 20, windowMs: 15 * 60_000 } as const;

/** A refused attempt: 429 with Retry-After (set by the controller from retryAfterSeconds). */
export class TooManyAttemptsException extends HttpException {
  constructor(readonly retryAfterSeconds: number, message: string) {
    super({ statusCode: 429, message, error: message }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Sliding-window counters in Redis (one sorted set of timestamps per key), so that several API processes
 * share them. E-mails are hashed in the key: Redis need not hold addresses. When Redis is unreachable the
 * throttle fails open with a warning: a Redis outage must not lock the admins out.
 */
@Injectable()
export class AttemptThrottle implements OnModuleDestroy {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(@Inject(ENV) env: EnvDto, @Inject(AUTH_LOGGER) private readonly logger: Logger) {
    this.redis = createRedis(env.REDIS_URL, { failFast: true, name: 'api-throttle' });
    this.prefix = `${env.REDIS_PREFIX}:throttle:`;
  }

  private keys(scope: ThrottleScope, email: string, ip: string | undefined) {
    const e = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
    return [
      { key: `${this.prefix}${scope}:email:${e}`, limit: THROTTLE_LIMITS.email },
      { key: `${this.prefix}${scope}:ip:${ip ?? 'unknown'}`, limit: THROTTLE_LIMITS.ip },
    ];
  }

  /** Throws TooManyAttemptsException when the e-mail or the IP has used up its attempts. */
  async check(scope: ThrottleScope, email: string, ip: string | undefined): Promise<void> {
    let retryAfterMs = 0;
    try {
      const now = Date.now();
      for (const { key, limit } of this.keys(scope, email, ip)) {
        const results = await this.redis
          .multi()
          .zremrangebyscore(key, 0, now - THROTTLE_LIMITS.windowMs)
          .zrange(key, 0, -1, 'WITHSCORES')
          .exec();
        const flat = (results?.[1]?.[1] as string[] | undefined) ?? [];
        const scores = flat.filter((_, i) => i % 2 === 1).map(Number);
        if (scores.length >= limit) {
          // The window frees a slot when the (count - limit + 1)-th oldest attempt ages out.
          const freesAt = scores[scores.length - limit] + THROTTLE_LIMITS.windowMs;
          retryAfterMs = Math.max(retryAfterMs, freesAt - now);
        }
      }
    } catch (err) {
      this.logger.warn({ err: (err as Error).message, scope }, 'throttle unavailable (Redis); allowing the attempt');
      return;
    }
    if (retryAfterMs > 0) {
      const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
      const minutes = Math.ceil(seconds / 60);
      const what = scope === 'login' ? 'failed sign-in attempts' : 'password reset requests';
      throw new TooManyAttemptsException(seconds, `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
  }

  /** Counts one attempt against the e-mail and the IP. */
  async hit(scope: ThrottleScope, email: string, ip: string | undefined): Promise<void> {
    try {
      const now = Date.now();
      const tx = this.redis.multi();
      for (const { key } of this.keys(scope, email, ip)) {
        tx.zadd(key, now, `${now}-${Math.random().toString(36).slice(2)}`).pexpire(key, THROTTLE_LIMITS.windowMs);
      }
      await tx.exec();
    } catch (err) {
      this.logger.warn({ err: (err as Error).message, scope }, 'throttle unavailable (Redis); attempt not counted');
    }
  }

  /** A successful sign-in clears the e-mail's failures (not the IP's: one good account must not reset an attacker's IP). */
  async clearEmail(scope: ThrottleScope, email: string): Promise<void> {
    try {
      await this.redis.del(this.keys(scope, email, undefined)[0].key);
    } catch (err) {
      this.logger.warn({ err: (err as Error).message, scope }, 'throttle unavailable (Redis)');
    }
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}
