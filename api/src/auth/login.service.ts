import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { type PublicAdmin, AdminRepository } from './admin.repository.js';
import { AttemptThrottle, TooManyAttemptsException } from './attempt-throttle.service.js';
import { AuditService } from './audit.service.js';
import { hashPassword, needsRehash, verifyPassword } from './password-hashing.js';
import { SessionService } from './session.service.js';

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
}

export const INVALID_LOGIN = 'Invalid email or password';

/**
 * Sign-in: throttle check, one argon2 verification whether or not the e-mail exists (same timing),
 * a new session on success, and an audit row for every attempt.
 */
@Injectable()
export class LoginService {
  constructor(
    @Inject(AdminRepository) private readonly admins: AdminRepository,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(AttemptThrottle) private readonly throttle: AttemptThrottle,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  async login(email: string, password: string, meta: RequestMeta): Promise<{ sessionToken: string; admin: PublicAdmin }> {
    email = email.trim();
    try {
      await this.throttle.check('login', email, meta.ip);
    } catch (err) {
      if (err instanceof TooManyAttemptsException) {
        await this.audit.record('admin.login', { emailTried: email, success: false, ...meta, details: { reason: 'throttled' } });
      }
      throw err;
    }
    const admin = await this.admins.findByEmail(email);
    const ok = await verifyPassword(admin?.password_hash, password);
    if (!admin || !ok) {
      await this.throttle.hit('login', email, meta.ip);
      await this.audit.record('admin.login', {
        adminId: admin?.id, emailTried: email, success: false, ...meta,
        details: { reason: admin ? 'wrong_password' : 'unknown_email' },
      });
      throw new UnauthorizedException({ statusCode: 401, message: INVALID_LOGIN, error: INVALID_LOGIN });
    }
    if (needsRehash(admin.password_hash)) await this.admins.replaceHash(admin.id, await hashPassword(password));
    const sessionToken = await this.sessions.issue(admin.id, meta);
    await this.admins.recordSignIn(admin.id);
    await this.throttle.clearEmail('login', email);
    await this.audit.record('admin.login', { adminId: admin.id, emailTried: email, success: true, ...meta });
    return { sessionToken, admin: { id: admin.id, email: admin.email, name: admin.name } };
  }

  async logout(admin: PublicAdmin, sessionId: string, meta: RequestMeta): Promise<void> {
    await this.sessions.revoke(sessionId);
    await this.audit.record('admin.logout', { adminId: admin.id, success: true, ...meta });
  }
}
