import { emailKeyHash } from '../../../core/src/donor-identity/email-key.js';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { AttemptLimits, TooManyRequestsException } from '../../../core/src/rate-limit/rate-limits.js';
import { DONATIONS_LOGGER } from './donations.tokens.js';

/**
 * Card-testing defence: stolen-card testers hammer public donation forms with many small intents. Intent
 * creation is limited per client IP and per donor e-mail; recording (which needs no card) per IP only.
 */
export const DONATION_LIMITS = { windowMs: 10 * 60_000, intentPerIp: 10, intentPerEmail: 5, recordPerIp: 20 } as const;

export const TOO_MANY_DONATION_ATTEMPTS = 'Too many donation attempts. Please wait a few minutes and try again.';

export class TooManyDonationAttemptsException extends TooManyRequestsException {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds, TOO_MANY_DONATION_ATTEMPTS);
  }
}

/**
 * Counters in Redis (`{REDIS_PREFIX}:donate:*`, rate-limiter-flexible, shared by every API process); e-mails are
 * hashed in the key. Every attempt counts, successful or not: a tester's successes are what we want to stop.
 * If Redis is away the limiter fails open with a warning: an outage must not stop real donors from giving.
 */
@Injectable()
export class DonationRateLimiter implements OnModuleDestroy {
  private readonly limits: AttemptLimits;
  private readonly intentIp: RateLimiterRedis;
  private readonly intentEmail: RateLimiterRedis;
  private readonly recordIp: RateLimiterRedis;

  constructor(@Inject(ENV) env: EnvDto, @Inject(DONATIONS_LOGGER) logger: Logger) {
    this.limits = new AttemptLimits(
      env.REDIS_URL,
      env.REDIS_PREFIX,
      'api-donate-limit',
      (err) => logger.warn({ err: err.message }, 'donation rate limit unavailable (Redis); allowing the attempt'),
      (seconds) => new TooManyDonationAttemptsException(seconds),
    );
    const seconds = DONATION_LIMITS.windowMs / 1000;
    this.intentIp = this.limits.limiter('donate:intent:ip', { points: DONATION_LIMITS.intentPerIp, seconds });
    this.intentEmail = this.limits.limiter('donate:intent:email', { points: DONATION_LIMITS.intentPerEmail, seconds });
    this.recordIp = this.limits.limiter('donate:record:ip', { points: DONATION_LIMITS.recordPerIp, seconds });
  }

  /** Counts one intent attempt; throws 429 when the IP or the e-mail is over its limit. */
  async hitIntent(ip: string | undefined, email: string): Promise<void> {
    const e = emailKeyHash(email);
    await this.limits.hit([
      [this.intentIp, ip ?? 'unknown'],
      [this.intentEmail, e],
    ]);
  }

  async hitRecord(ip: string | undefined): Promise<void> {
    await this.limits.hit([[this.recordIp, ip ?? 'unknown']]);
  }

  onModuleDestroy(): void {
    this.limits.close();
  }
}
