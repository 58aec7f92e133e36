import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdminRepository, type PublicAdmin } from './admin.repository.js';
import { AttemptThrottle, signInTarget } from './attempt-throttle.service.js';
import { AuditService } from './audit.service.js';
import { knownAddressCheck, type RequestMeta } from './login.service.js';
import { hashPassword, verifyPassword } from './password-hashing.js';
import { passwordProblem } from './password-policy.js';
import { SessionRepository } from './session.repository.js';
import { SessionService } from './session.service.js';
import { badRequest, notFound, type DomainError } from '../../../core/src/http/errors.js';
import { REQUIRE_TWO_FACTOR } from '../../../core/src/settings/admin-settings.js';
import { settings } from '../../../core/src/settings/settings.repository.js';
import { JobProducer } from '../../../core/src/queue/job.producer.js';
import { JobName } from '../../../core/src/queue/queue.constants.js';
import type { EnrolmentStartDto, SessionDto, TwoFactorStatusDto } from './dto/two-factor.dto.js';
import { TwoFactorService } from './two-factor/two-factor.service.js';
import { WRONG_CODE } from './two-factor/two-factor-login.service.js';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const WRONG_PASSWORD_FOR_SETUP = 'That password is not right. Enter the password you sign in with.';
export const SETUP_NEEDS_PROOF =
  'Enter your password (or a code from your authenticator app) to set up two-factor sign-in.';

function refuse(error: string): DomainError {
  return badRequest(error);
}

/**
 * The signed-in admin's own account: change the password (which revokes every other session), sign out
 * everywhere or end one session, and set up two-factor sign-in. A wrong current password counts as a failed sign-in, so a stolen session cannot be used to
 * guess the password faster than the sign-in form allows.
 */
@Injectable()
export class AccountService {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(AdminRepository) private readonly admins: AdminRepository,
    @Inject(SessionRepository) private readonly sessionRows: SessionRepository,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(AttemptThrottle) private readonly throttle: AttemptThrottle,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(TwoFactorService) private readonly twoFactor: TwoFactorService,
    @Inject(JobProducer) private readonly jobs: JobProducer,
  ) {}

  /** Returns a new session token for this browser: the password change ends every session, this one included. */
  async changePassword(
    admin: PublicAdmin,
    currentPassword: string,
    newPassword: string,
    meta: RequestMeta,
  ): Promise<string> {
    const fail = async (reason: string, error: string) => {
      await this.audit.record('admin.password_changed', {
        adminId: admin.id,
        success: false,
        ...meta,
        details: { reason },
      });
      return refuse(error);
    };
    const { row, target } = await this.checkPassword(admin, currentPassword, meta, () =>
      fail('wrong_password', WRONG_CURRENT_PASSWORD),
    );
    const problem = passwordProblem(newPassword, [row.email, row.name]);
    if (problem) throw await fail('weak_password', problem);
    if (await verifyPassword(row.password_hash ?? undefined, newPassword))
      throw await fail('same_password', 'The new password must be different from the current one');

    const hash = await hashPassword(newPassword);
    const revoked = await this.ds.transaction(async (m) => {
      await this.admins.withManager(m).setPassword(admin.id, hash);
      return this.sessionRows.revokeAllFor(admin.id, m);
    });
    // Issued after the change has committed, so the new session is younger than password_changed_at.
    const sessionToken = await this.sessions.issue(admin.id, meta);
    await this.throttle.loginSucceeded(target);
    await this.audit.record('admin.password_changed', {
      adminId: admin.id,
      success: true,
      ...meta,
      details: { sessionsRevoked: revoked },
    });
    return sessionToken;
  }

  /**
   * The admin's password, checked as a sign-in is (throttled; a wrong one counts as a failed sign-in, so a
   * stolen session cannot guess it faster than the sign-in form allows). `refusal` makes the error to throw.
   */
  private async checkPassword(
    admin: PublicAdmin,
    password: string,
    meta: RequestMeta,
    refusal: () => Promise<DomainError>,
  ) {
    const target = signInTarget(admin.id, admin.email, meta.ip);
    const known = knownAddressCheck(this.sessionRows, admin.id, meta.ip);
    await this.throttle.checkLogin(target, known);
    const row = await this.admins.findById(admin.id);
    if (!row || !(await verifyPassword(row.password_hash ?? undefined, password))) {
      await this.throttle.loginFailed(target, known);
      throw await refusal();
    }
    return { row, target };
  }

  /** Revokes every session of the admin, the one asking included. */
  async signOutEverywhere(admin: PublicAdmin, meta: RequestMeta): Promise<number> {
    const revoked = await this.sessionRows.revokeAllFor(admin.id);
    await this.audit.record('admin.logout_everywhere', {
      adminId: admin.id,
      success: true,
      ...meta,
      details: { sessionsRevoked: revoked },
    });
    return revoked;
  }

  async twoFactorStatus(adminId: string): Promise<TwoFactorStatusDto> {
    const s = await this.twoFactor.status(adminId);
    return {
      enabled: s.enabled,
      enabledAt: s.enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: s.recoveryCodesLeft,
      required: (await settings.read(this.ds, REQUIRE_TWO_FACTOR)).value,
      available: this.twoFactor.available,
    };
  }

  /**
   * Starts (re-)enrolment, which will replace the secret and every recovery code: only after the password, or a
   * current code of the two-factor sign-in it replaces. A session token alone (a stolen one) is not enough.
   */
  async twoFactorSetup(
    admin: PublicAdmin,
    proof: { password?: string; code?: string },
    meta: RequestMeta,
  ): Promise<EnrolmentStartDto> {
    const fail = async (reason: string, error: string) => {
      await this.audit.record('admin.two_factor.setup', {
        adminId: admin.id,
        success: false,
        ...meta,
        details: { reason },
      });
      return refuse(error);
    };
    if (proof.password) {
      await this.checkPassword(admin, proof.password, meta, () => fail('wrong_password', WRONG_PASSWORD_FOR_SETUP));
    } else if (proof.code) {
      const target = signInTarget(admin.id, admin.email, meta.ip);
      const known = knownAddressCheck(this.sessionRows, admin.id, meta.ip);
      await this.throttle.checkLogin(target, known);
      const check = await this.twoFactor.verify(admin.id, proof.code);
      if (!check.ok) {
        await this.throttle.loginFailed(target, known);
        throw await fail(check.reason, WRONG_CODE);
      }
    } else {
      throw await fail('no_proof', SETUP_NEEDS_PROOF);
    }
    return this.twoFactor.beginEnrolment(admin);
  }

  /**
   * Confirms the new secret. It replaces the old one and every recovery code, so every other session of the
   * admin ends and the admin is told by e-mail: if it was not them, they learn of it at once.
   */
  async twoFactorConfirm(
    admin: PublicAdmin,
    code: string,
    meta: RequestMeta,
    currentSessionId?: string,
  ): Promise<string[]> {
    const codes = await this.twoFactor.completeEnrolment(admin.id, code);
    if (!codes) {
      await this.audit.record('admin.two_factor.enrolled', {
        adminId: admin.id,
        success: false,
        ...meta,
        details: { reason: 'wrong_code' },
      });
      throw refuse(WRONG_CODE);
    }
    const sessionsRevoked = await this.sessionRows.revokeOthers(admin.id, currentSessionId);
    await this.jobs.add(JobName.SendMail, { kind: 'two-factor-changed', adminId: admin.id }, {}, 5000);
    await this.audit.record('admin.two_factor.enrolled', {
      adminId: admin.id,
      success: true,
      ...meta,
      details: { during: 'account', sessionsRevoked },
    });
    return codes;
  }

  /** An admin's live sessions, `current` marking the one the request came with. */
  async liveSessions(adminId: string, currentSessionId?: string): Promise<SessionDto[]> {
    const rows = await this.sessionRows.listLive(adminId);
    return rows.map((r) => ({
      id: r.id,
      createdAt: r.created_at.toISOString(),
      lastSeenAt: r.last_seen_at.toISOString(),
      ip: r.ip,
      userAgent: r.user_agent,
      current: r.id === currentSessionId,
    }));
  }

  /** Ends one session of `adminId` (the actor's own, or, for an owner, another admin's). */
  async revokeSession(actor: PublicAdmin, adminId: string, sessionId: string, meta: RequestMeta): Promise<void> {
    if (!(await this.sessionRows.revokeOf(adminId, sessionId)))
      throw notFound('Session not found (it may have ended already)');
    await this.audit.record('admin.session_revoked', {
      adminId: actor.id,
      success: true,
      ...meta,
      details: { targetAdminId: adminId, sessionId },
    });
  }
}
