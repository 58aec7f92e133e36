import { Inject, Injectable } from '@nestjs/common';
import { badRequest } from '../../../core/src/http/errors.js';
import { isWellFormedToken, tokenHash } from '../../../core/src/tokens/opaque-token.js';
import { AdminRepository } from './admin.repository.js';
import { AttemptThrottle, signInTarget } from './attempt-throttle.service.js';
import { AuditService } from './audit.service.js';
import { LoginService, type LoginOutcome, type RequestMeta } from './login.service.js';
import { hashPassword } from './password-hashing.js';
import { passwordProblem } from './password-policy.js';
import { ResetTokenRepository } from './reset-token.repository.js';

const AGAIN = 'Ask an owner to send a new invitation.';

/**
 * Accepting an invitation: the e-mailed single-use link sets the invited admin's first password, and the
 * sign-in then continues as after a right password, always with two-factor enrolment when the server can
 * enrol (the invitation is the moment to set up both).
 */
@Injectable()
export class InviteAcceptService {
  constructor(
    @Inject(ResetTokenRepository) private readonly tokens: ResetTokenRepository,
    @Inject(AdminRepository) private readonly admins: AdminRepository,
    @Inject(LoginService) private readonly login: LoginService,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(AttemptThrottle) private readonly throttle: AttemptThrottle,
  ) {}

  async accept(token: string, newPassword: string, meta: RequestMeta): Promise<LoginOutcome> {
    const fail = async (reason: string, error: string, adminId?: string) => {
      await this.audit.refusal('admin.invite_accepted', { adminId, ...meta, details: { reason } });
      return badRequest(error);
    };
    await this.throttle.hitLink('invite-accept', meta.ip);
    if (!isWellFormedToken(token)) throw await fail('malformed_token', 'Invalid invitation link');
    type Outcome = { error: string; reason: string; adminId?: string } | { error?: undefined; adminId: string };
    const outcome = await this.tokens.dataSource.transaction(async (m): Promise<Outcome> => {
      const row = await this.tokens.findForUpdate(m, tokenHash(token), 'invite');
      if (!row) return { reason: 'unknown_token', error: 'Invalid invitation link' };
      const id = row.admin_id;
      if (row.used_at || !row.invited)
        return {
          reason: 'used_token',
          error: 'This invitation has already been used. Sign in with your password instead.',
          adminId: id,
        };
      if (row.revoked_at)
        return {
          reason: 'revoked_token',
          error: `This invitation was replaced by a newer one. Use the latest e-mail, or ${AGAIN.toLowerCase()}`,
          adminId: id,
        };
      if (row.expired) return { reason: 'expired_token', error: `This invitation has expired. ${AGAIN}`, adminId: id };
      if (row.disabled_at) return { reason: 'disabled', error: `This invitation was withdrawn. ${AGAIN}`, adminId: id };
      const problem = passwordProblem(newPassword, [row.email, row.name]);
      if (problem) return { reason: 'weak_password', error: problem, adminId: id };
      await this.admins.withManager(m).setPassword(id, await hashPassword(newPassword));
      await this.tokens.markUsed(m, row.id, id);
      return { adminId: id };
    });
    if (outcome.error !== undefined) throw await fail(outcome.reason, outcome.error, outcome.adminId);
    await this.audit.record('admin.invite_accepted', { adminId: outcome.adminId, success: true, ...meta });
    const admin = (await this.admins.findById(outcome.adminId))!;
    return this.login.afterPassword(admin, meta, {
      target: signInTarget(admin.id, admin.email, meta.ip),
      forceEnrol: true,
    });
  }
}
