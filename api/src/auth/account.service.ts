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
import type { SessionDto, TwoFactorStatusDto } from './dto/two-factor.dto.js';
import { type EnrolmentStart, TwoFactorService } from './two-factor/two-factor.service.js';
import { WRONG_CODE } from './two-factor/two-factor-login.service.js';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

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
  ) {}

  /** Returns a new session token for this browser: the password change ends every session, this one included. */
  async changePassword(admin: PublicAdmin, currentPassword: string, newPassword: string, meta: RequestMeta): Promise<string> {
    const target = signInTarget(admin.id, admin.email, meta.ip);
    const known = knownAddressCheck(this.sessionRows, admin.id, meta.ip);
    const fail = async (reason: string, error: string) => {
      await this.audit.record('admin.password_changed', { adminId: admin.id, success: false, ...meta, details: { reason } });
      return refuse(error);
    };
    await this.throttle.checkLogin(target, known);
    const row = await this.admins.findById(admin.id);
    if (!row || !(await verifyPassword(row.password_hash ?? undefined, currentPassword))) {
      await this.throttle.loginFailed(target, known);
      throw await fail('wrong_password', WRONG_CURRENT_PASSWORD);
    }
    const problem = passwordProblem(newPassword, [row.email, row.name]);
    if (problem) throw await fail('weak_password', problem);
    if (await verifyPassword(row.password_hash ?? undefined, newPassword)) throw await fail('same_password', 'The new password must be different from the current one');

    const hash = await hashPassword(newPassword);
    const revoked = await this.ds.transaction(async (m) => {
      await this.admins.withManager(m).setPassword(admin.id, hash);
      return this.sessionRows.revokeAllFor(admin.id, m);
    });
    // Issued after the change has committed, so the new session is younger than password_changed_at.
    const sessionToken = await this.sessions.issue(admin.id, meta);
    await this.throttle.loginSucceeded(target);
    await this.audit.record('admin.password_changed', { adminId: admin.id, success: true, ...meta, details: { sessionsRevoked: revoked } });
    return sessionToken;
  }

  /** Revokes every session of the admin, the one asking included. */
  async signOutEverywhere(admin: PublicAdmin, meta: RequestMeta): Promise<number> {
    const revoked = await this.sessionRows.revokeAllFor(admin.id);
    await this.audit.record('admin.logout_everywhere', { adminId: admin.id, success: true, ...meta, details: { sessionsRevoked: revoked } });
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

  twoFactorSetup(admin: PublicAdmin): Promise<EnrolmentStart> {
    return this.twoFactor.beginEnrolment(admin);
  }

  async twoFactorConfirm(admin: PublicAdmin, code: string, meta: RequestMeta): Promise<string[]> {
    const codes = await this.twoFactor.completeEnrolment(admin.id, code);
    await this.audit.record('admin.two_factor.enrolled', { adminId: admin.id, success: Boolean(codes), ...meta, details: codes ? { during: 'account' } : { reason: 'wrong_code' } });
    if (!codes) throw refuse(WRONG_CODE);
    return codes;
  }

  /** An admin's live sessions, `current` marking the one the request came with. */
  async liveSessions(adminId: string, currentSessionId?: string): Promise<SessionDto[]> {
    const rows = await this.sessionRows.listLive(adminId);
    return rows.map((r) => ({
      id: r.id, createdAt: r.created_at.toISOString(), lastSeenAt: r.last_seen_at.toISOString(), ip: r.ip, userAgent: r.user_agent,
      current: r.id === currentSessionId,
    }));
  }

  /** Ends one session of `adminId` (the actor's own, or, for an owner, another admin's). */
  async revokeSession(actor: PublicAdmin, adminId: string, sessionId: string, meta: RequestMeta): Promise<void> {
    if (!(await this.sessionRows.revokeOf(adminId, sessionId))) throw notFound('Session not found (it may have ended already)');
    await this.audit.record('admin.session_revoked', { adminId: actor.id, success: true, ...meta, details: { targetAdminId: adminId, sessionId } });
  }
}
