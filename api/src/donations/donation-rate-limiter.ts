import { createHash } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { ENV } from '../core/config/load-env.js';
import type { EnvDto } from '../core/config/env.dto.js';
import { createRedis } from '../core/queue/redis.js';
import { DONATIONS_LOGGER } from './donations.tokens.js';

/**
 * Card-testing defence: stolen-card testers hammer public donation forms with many small intents. Intent
 * creation is limited per client IP and per donor e-mail; recording (which needs no card) per IP only.
 */
export const DONATION_LIMITS = {
  windowMs: 10 * 60_000,
  intentPerIp: 10,
  intentPerEmail: 5,
  recordPerIp: 20,
} as const;

export const TOO_MANY_DONATION_ATTEMPTS = 'Too many donation attempts. Please wait a few minutes and try again.';

export class TooManyDonationAttemptsException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super({ statusCode: 429, message: TOO_MANY_DONATION_ATTEMPTS, error: TOO_MANY_DONATION_ATTEMPTS }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Fixed-window counters in Redis (INCR + PEXPIRE), shared by every API process. E-mails are hashed in the key.
 * Every attempt counts, successful or not: a tester's successes are what we want to stop. If Redis is away
 * the limiter fails open with a warning: an outage must not stop real donors from giving.
 */
@Injectable()
export class DonationRateLimiter implements OnModuleDestroy {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(@Inject(ENV) env: EnvDto, @Inject(DONATIONS_LOGGER) private readonly logger: Logger) {
    this.redis = createRedis(env.REDIS_URL, { failFast: true, name: 'api-donate-limit' });
    this.prefix = `${env.REDIS_PREFIX}:donate:`;
  }

  /** Counts one intent attempt; throws 429 when the IP or the e-mail is over its limit. */
  async hitIntent(ip: string | undefined, email: string): Promise<void> {
    const e = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
    await this.hit([
      { key: `intent:ip:${ip ?? 'unknown'}`, limit: DONATION_LIMITS.intentPerIp },
      { key: `intent:email:${e}`, limit: DONATION_LIMITS.intentPerEmail },
    ]);
  }

  async hitRecord(ip: string | undefined): Promise<void> {
    await this.hit([{ key: `record:ip:${ip ?? 'unknown'}`, limit: DONATION_LIMITS.recordPerIp }]);
  }

  private async hit(counters: Array<{ key: string; limit: number }>): Promise<void> {
    let retryAfterMs = 0;
    try {
      const tx = this.redis.multi();
      for (const c of counters) tx.incr(this.prefix + c.key).pttl(this.prefix + c.key);
      const results = (await tx.exec()) ?? [];
      const expire = this.redis.multi();
      let needsExpire = false;
      counters.forEach((c, i) => {
        const count = Number(results[i * 2]?.[1]);
        const ttl = Number(results[i * 2 + 1]?.[1]);
        if (ttl < 0) {
          expire.pexpire(this.prefix + c.key, DONATION_LIMITS.windowMs);
          needsExpire = true;
        }
        if (count > c.limit) retryAfterMs = Math.max(retryAfterMs, ttl > 0 ? ttl : DONATION_LIMITS.windowMs);
      });
      if (needsExpire) await expire.exec();
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'donation rate limit unavailable (Redis); allowing the attempt');
      return;
    }
    if (retryAfterMs > 0) throw new TooManyDonationAttemptsException(Math.max(1, Math.ceil(retryAfterMs / 1000)));
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}
