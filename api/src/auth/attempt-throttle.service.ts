import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import type { RateLimiterRedis } from 'rate-limiter-flexible';
import { ENV } from '../../../core/src/config/load-env.js';
import { adminEmailThrottleKey } from '../../../core/src/donor-identity/email-key.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import {
  consumeAll,
  enforce,
  type LimitVerdict,
  peekAll,
  RedisRateLimits,
  TooManyRequestsException,
  waitText,
} from '../../../core/src/rate-limit/rate-limits.js';
import { AUTH_LOGGER } from './auth.tokens.js';

/**
 * Sign-in limits. The pair (one account from one address) is what stops a guesser without locking the real
 * admin out from elsewhere; the per-address limit stops one address spraying many accounts; the per-account
 * limit, much higher, caps a guesser who rotates addresses. None of them refuses an address from which the
 * admin signed in successfully in the last `knownDays`: there failures beyond `pair.points` only make the next
 * attempt wait, 1 s doubling per failure up to 60 s, and the right password then works.
 */
export const LOGIN_LIMITS = {
  pair: { points: 5, seconds: 15 * 60 },
  address: { points: 50, seconds: 60 * 60 },
  account: { points: 100, seconds: 24 * 60 * 60 },
  knownDays: 30,
  slowdown: { firstSeconds: 1, maxSeconds: 60 },
} as const;

/** Reset requests (every request counts): they send mail, they never lock anyone out of signing in. */
export const RESET_LIMITS = {
  email: { points: 5, seconds: 15 * 60 },
  address: { points: 20, seconds: 15 * 60 },
} as const;

/**
 * The public links' forms (accepting an invitation, confirming a reset), per client address, every request
 * counted: a real admin follows one link a few times at most, a guesser of tokens thousands of times.
 */
export const LINK_LIMITS = { address: { points: 20, seconds: 15 * 60 } } as const;
export type LinkForm = 'invite-accept' | 'reset-confirm';

/** A refused sign-in or reset request: 429, Retry-After set by the exception filter. */
export class TooManyAttemptsException extends TooManyRequestsException {}

/** Whom a sign-in attempt is counted against: the admin's id when the e-mail names one, else the typed e-mail. */
export interface SignInTarget {
  account: string;
  ip: string;
}

export function signInTarget(adminId: string | undefined, email: string, ip: string | undefined): SignInTarget {
  return { account: adminId ? `admin:${adminId}` : `email:${adminEmailThrottleKey(email)}`, ip: ip ?? 'unknown' };
}

/**
 * Counters in Redis (`{REDIS_PREFIX}:throttle:*`, rate-limiter-flexible) shared by every API process. When Redis
 * is unreachable the throttle fails open with a warning: a Redis outage must not lock the admins out.
 */
@Injectable()
export class AttemptThrottle implements OnModuleDestroy {
  private readonly limits: RedisRateLimits;
  private readonly pair: RateLimiterRedis;
  private readonly address: RateLimiterRedis;
  private readonly account: RateLimiterRedis;
  private readonly slow: RateLimiterRedis;
  private readonly resetEmail: RateLimiterRedis;
  private readonly resetAddress: RateLimiterRedis;
  private readonly links: Record<LinkForm, RateLimiterRedis>;

  constructor(
    @Inject(ENV) env: EnvDto,
    @Inject(AUTH_LOGGER) private readonly logger: Logger,
  ) {
    this.limits = new RedisRateLimits(env.REDIS_URL, env.REDIS_PREFIX, 'api-throttle');
    this.pair = this.limits.limiter('throttle:login:pair', LOGIN_LIMITS.pair);
    this.address = this.limits.limiter('throttle:login:ip', LOGIN_LIMITS.address);
    this.account = this.limits.limiter('throttle:login:account', LOGIN_LIMITS.account);
    // Only ever blocked for a computed time (block()), never consumed.
    this.slow = this.limits.limiter('throttle:login:slow', { points: 1, seconds: LOGIN_LIMITS.slowdown.maxSeconds });
    this.resetEmail = this.limits.limiter('throttle:reset:email', RESET_LIMITS.email);
    this.resetAddress = this.limits.limiter('throttle:reset:ip', RESET_LIMITS.address);
    this.links = {
      'invite-accept': this.limits.limiter('throttle:invite-accept:ip', LINK_LIMITS.address),
      'reset-confirm': this.limits.limiter('throttle:reset-confirm:ip', LINK_LIMITS.address),
    };
  }

  /**
   * Throws TooManyAttemptsException when this attempt must not be tried now. `isKnownAddress` is asked only
   * when some limit is reached, so the common path costs one Redis round trip.
   */
  async checkLogin(t: SignInTarget, isKnownAddress: () => Promise<boolean>): Promise<void> {
    const pairKey = `${t.account}|${t.ip}`;
    let verdict = await peekAll([
      [this.pair, pairKey],
      [this.address, t.ip],
      [this.account, t.account],
    ]);
    if (verdict.waitMs > 0 && (await isKnownAddress())) verdict = await peekAll([[this.slow, pairKey]]);
    this.refuseIfWaiting('login', verdict);
  }

  /** Counts a failed sign-in; from a known address past the pair limit, sets the doubling wait. */
  async loginFailed(t: SignInTarget, isKnownAddress: () => Promise<boolean>): Promise<void> {
    const pairKey = `${t.account}|${t.ip}`;
    const verdict = await consumeAll([
      [this.address, t.ip],
      [this.account, t.account],
    ]);
    if (verdict.unavailable) return this.unavailable('login', verdict.unavailable, 'attempt not counted');
    try {
      const res = await this.pair.consume(pairKey).catch((r: unknown) => r);
      if (res instanceof Error) throw res;
      const beyond = (res as { consumedPoints: number }).consumedPoints - LOGIN_LIMITS.pair.points;
      if (beyond >= 0 && (await isKnownAddress())) {
        const { firstSeconds, maxSeconds } = LOGIN_LIMITS.slowdown;
        await this.slow.block(pairKey, Math.min(maxSeconds, firstSeconds * 2 ** Math.min(beyond, 16)));
      }
    } catch (err) {
      this.unavailable('login', err as Error, 'attempt not counted');
    }
  }

  /** A successful sign-in clears that pair's failures (not the address's or the account's: see LOGIN_LIMITS). */
  async loginSucceeded(t: SignInTarget): Promise<void> {
    const pairKey = `${t.account}|${t.ip}`;
    await Promise.all([this.pair.delete(pairKey), this.slow.delete(pairKey)]).catch((err: Error) =>
      this.unavailable('login', err, 'failures not cleared'),
    );
  }

  /** Counts a reset request against the e-mail and the address; throws when either is over its limit. */
  async hitReset(email: string, ip: string | undefined): Promise<void> {
    this.refuseIfWaiting(
      'reset',
      await consumeAll([
        [this.resetEmail, adminEmailThrottleKey(email)],
        [this.resetAddress, ip ?? 'unknown'],
      ]),
    );
  }

  /** Counts a use of an invitation or reset link's form from the address; throws when it is over its limit. */
  async hitLink(form: LinkForm, ip: string | undefined): Promise<void> {
    this.refuseIfWaiting(form, await consumeAll([[this.links[form], ip ?? 'unknown']]));
  }

  private refuseIfWaiting(scope: 'login' | 'reset' | LinkForm, verdict: LimitVerdict): void {
    const what = {
      login: 'failed sign-in attempts',
      reset: 'password reset requests',
      'invite-accept': 'attempts to accept an invitation',
      'reset-confirm': 'attempts to set a new password',
    }[scope];
    enforce(
      verdict,
      (err) => this.unavailable(scope, err, 'allowing the attempt'),
      (seconds) => new TooManyAttemptsException(seconds, `Too many ${what}. Please try again in ${waitText(seconds)}.`),
    );
  }

  private unavailable(scope: string, err: Error, outcome: string): void {
    this.logger.warn({ err: err.message, scope }, `throttle unavailable (Redis); ${outcome}`);
  }

  onModuleDestroy(): void {
    this.limits.close();
  }
}
