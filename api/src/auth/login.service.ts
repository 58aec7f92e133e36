import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { REQUIRE_TWO_FACTOR } from '../../../core/src/settings/admin-settings.js';
import { settings } from '../../../core/src/settings/settings.repository.js';
import { DomainError, unauthorized } from '../../../core/src/http/errors.js';
import { newToken, tokenHash } from '../../../core/src/tokens/opaque-token.js';
import { type AdminRow, type PublicAdmin, AdminRepository } from './admin.repository.js';
import {
  AttemptThrottle,
  LOGIN_LIMITS,
  signInTarget,
  type SignInTarget,
  TooManyAttemptsException,
} from './attempt-throttle.service.js';
import { AuditService } from './audit.service.js';
import { hashPassword, needsRehash, verifyPassword } from './password-hashing.js';
import { SessionRepository } from './session.repository.js';
import { SessionService } from './session.service.js';
import { NOT_CONFIGURED, TwoFactorService } from './two-factor/two-factor.service.js';
import { TwoFactorRepository } from './two-factor/two-factor.repository.js';

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
}

export const INVALID_LOGIN = 'Invalid email or password';

/** How long the step between a right password and the second factor lasts (enrolment included). */
export const CHALLENGE_MINUTES = 10;

/** A finished sign-in, or the second step it needs: a code (`two-factor`) or enrolment first (`enrol-two-factor`). */
export type LoginOutcome =
  | { sessionToken: string; admin: PublicAdmin }
  | { next: 'two-factor' | 'enrol-two-factor'; challengeToken: string; admin?: undefined };

/** "Did this admin sign in from this address lately?" (the throttle's known address), asked at most once and only when needed. */
export function knownAddressCheck(
  sessions: SessionRepository,
  adminId: string | undefined,
  ip: string | undefined,
): () => Promise<boolean> {
  let answer: Promise<boolean> | undefined;
  return () =>
    (answer ??= adminId && ip ? sessions.signedInFrom(adminId, ip, LOGIN_LIMITS.knownDays) : Promise.resolve(false));
}

export const publicAdmin = (a: Pick<AdminRow, 'id' | 'email' | 'name' | 'role'>): PublicAdmin => ({
  id: a.id,
  email: a.email,
  name: a.name,
  role: a.role,
});

/**
 * Sign-in: the account is looked up first so the throttle counts against the admin's id (whatever spelling of
 * the e-mail was typed), then the throttle check, one argon2 verification whether or not the e-mail exists
 * (same timing), and an audit row for every attempt. A right password opens a session only for an admin
 * without two-factor sign-in (and when it is not required); otherwise it answers a short-lived challenge for
 * the second step (TwoFactorLoginService). A disabled admin is refused like a wrong password.
 */
@Injectable()
export class LoginService {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(AdminRepository) private readonly admins: AdminRepository,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(AttemptThrottle) private readonly throttle: AttemptThrottle,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(SessionRepository) private readonly sessionRows: SessionRepository,
    @Inject(TwoFactorService) private readonly twoFactor: TwoFactorService,
    @Inject(TwoFactorRepository) private readonly twoFactorRows: TwoFactorRepository,
  ) {}

  async login(email: string, password: string, meta: RequestMeta): Promise<LoginOutcome> {
    email = email.trim();
    const admin = await this.admins.findByEmail(email);
    const target = signInTarget(admin?.id, email, meta.ip);
    const isKnownAddress = knownAddressCheck(this.sessionRows, admin?.id, meta.ip);
    try {
      await this.throttle.checkLogin(target, isKnownAddress);
    } catch (err) {
      if (err instanceof TooManyAttemptsException) {
        await this.audit.record('admin.login', {
          adminId: admin?.id,
          emailTried: email,
          success: false,
          ...meta,
          details: { reason: 'throttled' },
        });
      }
      throw err;
    }
    const ok = await verifyPassword(admin?.password_hash ?? undefined, password);
    if (!admin || !ok || admin.disabled_at) {
      if (!ok) await this.throttle.loginFailed(target, isKnownAddress);
      await this.audit.record('admin.login', {
        adminId: admin?.id,
        emailTried: email,
        success: false,
        ...meta,
        details: { reason: !admin ? 'unknown_email' : !ok ? 'wrong_password' : 'disabled' },
      });
      throw unauthorized(INVALID_LOGIN);
    }
    if (needsRehash(admin.password_hash!)) await this.admins.replaceHash(admin.id, await hashPassword(password));
    return this.afterPassword(admin, meta, { emailTried: email, target });
  }

  /**
   * The password was right (sign-in, or an invitation accepted): a session, or the second step. `forceEnrol`
   * (invitations) asks for enrolment even when the school does not require two-factor sign-in.
   */
  async afterPassword(
    admin: AdminRow,
    meta: RequestMeta,
    opts: { emailTried?: string; target: SignInTarget; forceEnrol?: boolean },
  ): Promise<LoginOutcome> {
    let next: 'two-factor' | 'enrol-two-factor' | undefined;
    if (admin.totp_enabled_at) next = 'two-factor';
    else if ((await settings.read(this.ds, REQUIRE_TWO_FACTOR)).value) {
      if (!this.twoFactor.available) throw new DomainError(503, NOT_CONFIGURED);
      next = 'enrol-two-factor';
    } else if (opts.forceEnrol && this.twoFactor.available) next = 'enrol-two-factor';
    if (!next) return this.openSession(admin, meta, opts.target, { emailTried: opts.emailTried });
    const challengeToken = newToken();
    await this.twoFactorRows.createChallenge(admin.id, tokenHash(challengeToken), CHALLENGE_MINUTES);
    await this.audit.record('admin.login.password_accepted', {
      adminId: admin.id,
      emailTried: opts.emailTried,
      success: true,
      ...meta,
      details: { next },
    });
    return { next, challengeToken };
  }

  /** The end of every successful sign-in: a session, the pair's failures cleared, an audit row. */
  async openSession(
    admin: Pick<AdminRow, 'id' | 'email' | 'name' | 'role'>,
    meta: RequestMeta,
    target: SignInTarget,
    extra: { emailTried?: string; secondFactor?: string } = {},
  ): Promise<LoginOutcome> {
    const sessionToken = await this.sessions.issue(admin.id, meta);
    await this.admins.recordSignIn(admin.id);
    await this.throttle.loginSucceeded(target);
    await this.audit.record('admin.login', {
      adminId: admin.id,
      emailTried: extra.emailTried ?? admin.email,
      success: true,
      ...meta,
      details: extra.secondFactor ? { secondFactor: extra.secondFactor } : {},
    });
    return { sessionToken, admin: publicAdmin(admin) };
  }

  async logout(admin: PublicAdmin, sessionId: string, meta: RequestMeta): Promise<void> {
    await this.sessions.revoke(sessionId);
    await this.audit.record('admin.logout', { adminId: admin.id, success: true, ...meta });
  }
}
