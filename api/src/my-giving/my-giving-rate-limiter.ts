import { emailKeyHash } from '../../../core/src/donor-identity/email-key.js';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { LOGGER } from '../../../core/src/logging/logger.js';
import { AttemptLimits, TooManyRequestsException } from '../../../core/src/rate-limit/rate-limits.js';

/**
 * Sign-in links cost an e-mail each and could be used to flood someone's inbox: limited per client IP and per
 * address, like the donation endpoints (same counters, same 10-minute window). Opening a link is limited per IP.
 */
export const MY_GIVING_LIMITS = { windowSeconds: 600, linkPerIp: 10, linkPerEmail: 5, openPerIp: 30 } as const;

export const TOO_MANY_LINK_REQUESTS = 'Too many requests for a sign-in link. Please wait a few minutes and try again.';

@Injectable()
export class MyGivingRateLimiter implements OnModuleDestroy {
  private readonly limits: AttemptLimits;
  private readonly linkIp: RateLimiterRedis;
  private readonly linkEmail: RateLimiterRedis;
  private readonly openIp: RateLimiterRedis;

  constructor(@Inject(ENV) env: EnvDto, @Inject(LOGGER) logger: Logger) {
    const log = logger.child({ module: 'my-giving' });
    this.limits = new AttemptLimits(
      env.REDIS_URL,
      env.REDIS_PREFIX,
      'api-my-giving-limit',
      (err) => log.warn({ err: err.message }, 'sign-in link rate limit unavailable (Redis); allowing the request'),
      (seconds) => new TooManyRequestsException(seconds, TOO_MANY_LINK_REQUESTS),
    );
    const seconds = MY_GIVING_LIMITS.windowSeconds;
    this.linkIp = this.limits.limiter('my-giving:link:ip', { points: MY_GIVING_LIMITS.linkPerIp, seconds });
    this.linkEmail = this.limits.limiter('my-giving:link:email', { points: MY_GIVING_LIMITS.linkPerEmail, seconds });
    this.openIp = this.limits.limiter('my-giving:open:ip', { points: MY_GIVING_LIMITS.openPerIp, seconds });
  }

  async hitLink(ip: string | undefined, email: string): Promise<void> {
    const e = emailKeyHash(email);
    await this.limits.hit([
      [this.linkIp, ip ?? 'unknown'],
      [this.linkEmail, e],
    ]);
  }

  async hitOpen(ip: string | undefined): Promise<void> {
    await this.limits.hit([[this.openIp, ip ?? 'unknown']]);
  }

  onModuleDestroy(): void {
    this.limits.close();
  }
}
