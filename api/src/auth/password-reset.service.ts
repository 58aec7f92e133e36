import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { JobProducer } from '../../../core/src/queue/job.producer.js';
import { JobName } from '../../../core/src/queue/queue.constants.js';
import { AdminRepository } from './admin.repository.js';
import { AttemptThrottle } from './attempt-throttle.service.js';
import { AuditService } from './audit.service.js';
import { AUTH_LOGGER } from './auth.tokens.js';
import type { RequestMeta } from './login.service.js';
import { hashPassword } from './password-hashing.js';
import { passwordProblem } from './password-policy.js';
import { ResetTokenRepository } from './reset-token.repository.js';
import { SessionRepository } from './session.repository.js';
import { isWellFormedToken, tokenHash } from '../../../core/src/tokens/opaque-token.js';
import { badRequest, type DomainError } from '../../../core/src/http/errors.js';

export const RESET_REQUEST_MESSAGE = 'If an account exists for that e-mail, a reset link has been sent.';

function refuse(error: string): DomainError {
  return badRequest(error);
}

/**
 * Password reset by e-mailed link. The request answers before looking the e-mail up: the lookup, the token
 * and the queued mail happen after the answer, so neither the answer nor its timing says whether the
 * account exists. Confirming sets the password, spends the token and revokes every session of that admin.
 */
@Injectable()
export class PasswordResetService implements BeforeApplicationShutdown {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    @Inject(AUTH_LOGGER) private readonly logger: Logger,
    @Inject(AdminRepository) private readonly admins: AdminRepository,
    @Inject(ResetTokenRepository) private readonly tokens: ResetTokenRepository,
    @Inject(SessionRepository) private readonly sessions: SessionRepository,
    @Inject(AttemptThrottle) private readonly throttle: AttemptThrottle,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(JobProducer) private readonly jobs: JobProducer,
  ) {}

  /** Throttled per e-mail and per IP (every request counts); the rest runs after the answer. */
  async request(email: string, meta: RequestMeta): Promise<void> {
    email = email.trim();
    await this.throttle.hitReset(email, meta.ip);
    const task = this.issue(email, meta).catch((err) =>
      this.logger.error({ err }, 'password reset request failed after answering'),
    );
    this.pending.add(task);
    void task.finally(() => this.pending.delete(task));
  }

  private async issue(email: string, meta: RequestMeta): Promise<void> {
    const admin = await this.admins.findByEmail(email);
    // Only an admin with a password who is not disabled gets a link: a reset must never activate an invitation
    // (expired or not) past its forced two-factor set-up, nor reopen a disabled account.
    const reason = !admin ? 'unknown_email' : admin.disabled_at ? 'disabled' : !admin.password_hash ? 'invited' : null;
    await this.audit.record('admin.password_reset.requested', {
      adminId: admin?.id,
      emailTried: email,
      success: reason === null,
      ...meta,
      details: reason ? { reason } : {},
    });
    if (!admin || reason) return;
    // Only the id goes on the queue: the worker mints the token when it sends (see SendMailHandler).
    await this.jobs.add(JobName.SendMail, { kind: 'password-reset', adminId: admin.id }, {}, 5000);
  }

  async confirm(token: string, newPassword: string, meta: RequestMeta): Promise<void> {
    const fail = async (reason: string, error: string, adminId?: string) => {
      await this.audit.refusal('admin.password_reset.completed', { adminId, ...meta, details: { reason } });
      return refuse(error);
    };
    await this.throttle.hitLink('reset-confirm', meta.ip);
    if (!isWellFormedToken(token)) throw await fail('malformed_token', 'Invalid reset token');
    type Outcome =
      { error: string; reason: string; adminId?: string } | { error?: undefined; adminId: string; revoked: number };
    const outcome = await this.tokens.dataSource.transaction(async (m): Promise<Outcome> => {
      const row = await this.tokens.findForUpdate(m, tokenHash(token));
      if (!row) return { reason: 'unknown_token', error: 'Invalid reset token' };
      const again = 'Please request a new password reset.';
      if (row.used_at)
        return {
          reason: 'used_token',
          error: `This reset link has already been used. ${again}`,
          adminId: row.admin_id,
        };
      if (row.revoked_at)
        return {
          reason: 'revoked_token',
          error: `This reset link was replaced by a newer one. ${again}`,
          adminId: row.admin_id,
        };
      if (row.expired)
        return { reason: 'expired_token', error: `This reset link has expired. ${again}`, adminId: row.admin_id };
      if (row.invited || row.disabled_at)
        return {
          reason: row.disabled_at ? 'disabled' : 'invited',
          error: 'Invalid reset token',
          adminId: row.admin_id,
        };
      // A refused password leaves the token usable, so the admin can try a better one from the same link.
      const problem = passwordProblem(newPassword, [row.email, row.name]);
      if (problem) return { reason: 'weak_password', error: problem, adminId: row.admin_id };
      await this.admins.withManager(m).setPassword(row.admin_id, await hashPassword(newPassword));
      await this.tokens.markUsed(m, row.id, row.admin_id);
      const revoked = await this.sessions.revokeAllFor(row.admin_id, m);
      return { adminId: row.admin_id, revoked };
    });
    if (outcome.error !== undefined) throw await fail(outcome.reason, outcome.error, outcome.adminId);
    await this.audit.record('admin.password_reset.completed', {
      adminId: outcome.adminId,
      success: true,
      ...meta,
      details: { sessionsRevoked: outcome.revoked },
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }
}
