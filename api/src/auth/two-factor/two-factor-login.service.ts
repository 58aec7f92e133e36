import { Inject, Injectable } from '@nestjs/common';
import { badRequest, unauthorized } from '../../../../core/src/http/errors.js';
import { isWellFormedToken, tokenHash } from '../../../../core/src/tokens/opaque-token.js';
import { AdminRepository, type AdminRow } from '../admin.repository.js';
import { AttemptThrottle, signInTarget } from '../attempt-throttle.service.js';
import { AuditService } from '../audit.service.js';
import { knownAddressCheck, LoginService, type LoginOutcome, type RequestMeta } from '../login.service.js';
import { SessionRepository } from '../session.repository.js';
import { TwoFactorService } from './two-factor.service.js';
import type { EnrolmentStartDto } from '../dto/two-factor.dto.js';
import { type ChallengeRow, TwoFactorRepository } from './two-factor.repository.js';

/** Wrong codes allowed on one challenge before it ends (the sign-in throttle counts them too). */
export const CHALLENGE_MAX_FAILURES = 5;
export const EXPIRED_CHALLENGE = 'Your sign-in has expired. Please sign in again.';
export const WRONG_CODE = 'Invalid code. Please try again.';
export const REUSED_CODE = 'This code has already been used. Please wait for the next code from your app.';

/**
 * The second step of signing in: the code of an enrolled admin, or enrolment (QR code, then one code) for an
 * admin who must have two-factor sign-in and has none yet. A code counts like a password: wrong codes are
 * failed sign-ins for the throttle (same counters, same limits), and a challenge dies after five of them.
 */
@Injectable()
export class TwoFactorLoginService {
  constructor(
    @Inject(TwoFactorRepository) private readonly repo: TwoFactorRepository,
    @Inject(TwoFactorService) private readonly twoFactor: TwoFactorService,
    @Inject(AdminRepository) private readonly admins: AdminRepository,
    @Inject(LoginService) private readonly login: LoginService,
    @Inject(AttemptThrottle) private readonly throttle: AttemptThrottle,
    @Inject(SessionRepository) private readonly sessionRows: SessionRepository,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  /** A live challenge and its admin (not disabled), or 401. */
  private async challenge(token: string): Promise<{ row: ChallengeRow; admin: AdminRow }> {
    const row = isWellFormedToken(token) ? await this.repo.findChallenge(tokenHash(token)) : undefined;
    const admin = row && (await this.admins.findById(row.admin_id));
    if (!row || !admin || row.expired || row.used_at || row.failures >= CHALLENGE_MAX_FAILURES || admin.disabled_at)
      throw unauthorized(EXPIRED_CHALLENGE);
    return { row, admin };
  }

  /** The enrolment's QR code and secret, for an admin whose challenge asks for enrolment. */
  async enrolmentSetup(token: string): Promise<EnrolmentStartDto> {
    const { admin } = await this.challenge(token);
    if (admin.totp_enabled_at)
      throw badRequest('Two-factor sign-in is already set up for this account: enter a code instead.');
    return this.twoFactor.beginEnrolment(admin);
  }

  /** Confirms enrolment with one code and signs in; answers the recovery codes with the session. */
  async enrol(token: string, code: string, meta: RequestMeta): Promise<LoginOutcome & { recoveryCodes: string[] }> {
    const { row, admin } = await this.challenge(token);
    if (admin.totp_enabled_at)
      throw badRequest('Two-factor sign-in is already set up for this account: enter a code instead.');
    const target = signInTarget(admin.id, admin.email, meta.ip);
    const known = knownAddressCheck(this.sessionRows, admin.id, meta.ip);
    await this.throttle.checkLogin(target, known);
    const codes = await this.twoFactor.completeEnrolment(admin.id, code);
    if (!codes) {
      await this.refuse(row, admin, meta, 'wrong_code', 'admin.two_factor.enrolled', target, known);
      throw badRequest(WRONG_CODE);
    }
    await this.audit.record('admin.two_factor.enrolled', {
      adminId: admin.id,
      success: true,
      ...meta,
      details: { during: 'sign-in' },
    });
    if (!(await this.repo.spendChallenge(row.id))) throw unauthorized(EXPIRED_CHALLENGE);
    const outcome = await this.login.openSession(admin, meta, target, { secondFactor: 'enrolment' });
    return { ...outcome, recoveryCodes: codes };
  }

  /** Checks the code (or a recovery code) of an enrolled admin and signs in. */
  async verify(token: string, code: string, meta: RequestMeta): Promise<LoginOutcome> {
    const { row, admin } = await this.challenge(token);
    if (!admin.totp_enabled_at) throw badRequest('Set up two-factor sign-in first.');
    const target = signInTarget(admin.id, admin.email, meta.ip);
    const known = knownAddressCheck(this.sessionRows, admin.id, meta.ip);
    await this.throttle.checkLogin(target, known);
    const check = await this.twoFactor.verify(admin.id, code);
    if (!check.ok) {
      await this.refuse(row, admin, meta, check.reason, 'admin.login', target, known);
      throw unauthorized(check.reason === 'reused_code' ? REUSED_CODE : WRONG_CODE);
    }
    if (check.kind === 'recovery') {
      const left = (await this.twoFactor.status(admin.id)).recoveryCodesLeft;
      await this.audit.record('admin.two_factor.recovery_code_used', {
        adminId: admin.id,
        success: true,
        ...meta,
        details: { left },
      });
    }
    if (!(await this.repo.spendChallenge(row.id))) throw unauthorized(EXPIRED_CHALLENGE);
    return this.login.openSession(admin, meta, target, { secondFactor: check.kind });
  }

  private async refuse(
    row: ChallengeRow,
    admin: AdminRow,
    meta: RequestMeta,
    reason: string,
    action: string,
    target: ReturnType<typeof signInTarget>,
    known: () => Promise<boolean>,
  ): Promise<void> {
    await this.repo.challengeFailed(row.id);
    await this.throttle.loginFailed(target, known);
    await this.audit.record(action, {
      adminId: admin.id,
      emailTried: admin.email,
      success: false,
      ...meta,
      details: { reason },
    });
  }
}
