import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError, badRequest, notFound } from '../../../core/src/http/errors.js';
import { JobProducer } from '../../../core/src/queue/job.producer.js';
import { JobName } from '../../../core/src/queue/queue.constants.js';
import { AccountService } from '../auth/account.service.js';
import { AdminRepository, type PublicAdmin } from '../auth/admin.repository.js';
import { AuditService } from '../auth/audit.service.js';
import type { RequestMeta } from '../auth/login.service.js';
import type { AdminRole } from '../auth/roles.decorator.js';
import { SessionRepository } from '../auth/session.repository.js';
import { TwoFactorRepository } from '../auth/two-factor/two-factor.repository.js';
import type { AdminListingDto, InviteAdminDto } from './dto/admins.dto.js';
import { AdminsRepository } from './admins.repository.js';
import type { SessionDto } from '../auth/dto/two-factor.dto.js';

export const LAST_OWNER = 'The school must keep at least one active owner: make another admin an owner first.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The Admins page (owners only): invite by e-mail (the worker mints the single-use link when it sends), change
 * role, disable (every session ends at once) and re-enable, reset a lost two-factor device, and each admin's
 * sessions. The last active owner can be neither demoted nor disabled. Every change is audited.
 */
@Injectable()
export class AdminsService {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(AdminsRepository) private readonly repo: AdminsRepository,
    @Inject(AdminRepository) private readonly admins: AdminRepository,
    @Inject(SessionRepository) private readonly sessions: SessionRepository,
    @Inject(TwoFactorRepository) private readonly twoFactor: TwoFactorRepository,
    @Inject(AccountService) private readonly account: AccountService,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(JobProducer) private readonly jobs: JobProducer,
  ) {}

  async list(): Promise<AdminListingDto[]> {
    return (await this.repo.list()).map((r) => ({
      id: r.id,
      email: r.email,
      name: r.name,
      role: r.role,
      status: r.disabled_at ? 'disabled' : r.invited ? 'invited' : 'active',
      twoFactorEnabled: Boolean(r.totp_enabled_at),
      lastSignInAt: r.last_sign_in_at?.toISOString() ?? null,
      createdAt: r.created_at.toISOString(),
      activeSessions: r.active_sessions,
    }));
  }

  async invite(actor: PublicAdmin, dto: InviteAdminDto, meta: RequestMeta): Promise<AdminListingDto> {
    const email = dto.email.trim();
    const created = await this.ds.transaction(async (m) => {
      const admin = await this.admins.withManager(m).insert(email, dto.name.trim(), null, dto.role, actor.id);
      if (!admin) throw new DomainError(409, `An admin with the e-mail ${email} already exists`);
      await this.audit.record('admin.invited', {
        adminId: actor.id,
        success: true,
        ...meta,
        details: { targetAdminId: admin.id, email, role: dto.role },
        manager: m,
      });
      return admin;
    });
    // Only the id is queued: the worker mints the link's token when it sends (as for password resets).
    await this.jobs.add(JobName.SendMail, { kind: 'admin-invite', adminId: created.id });
    return (await this.list()).find((a) => a.id === created.id)!;
  }

  async resendInvite(actor: PublicAdmin, id: string, meta: RequestMeta): Promise<void> {
    const target = await this.find(id);
    if (!target.invited || target.disabled_at) throw badRequest('Only a pending invitation can be sent again.');
    await this.jobs.add(JobName.SendMail, { kind: 'admin-invite', adminId: id });
    await this.audit.record('admin.invite_resent', {
      adminId: actor.id,
      success: true,
      ...meta,
      details: { targetAdminId: id },
    });
  }

  async changeRole(actor: PublicAdmin, id: string, role: AdminRole, meta: RequestMeta): Promise<void> {
    await this.guardedChange(id, async (m, target, activeOwners) => {
      if (target.role === role) return false;
      if (target.role === 'owner' && !target.disabled && !target.invited && activeOwners <= 1)
        throw new DomainError(409, LAST_OWNER);
      await this.repo.setRole(m, id, role);
      await this.audit.record('admin.role_changed', {
        adminId: actor.id,
        success: true,
        ...meta,
        details: { targetAdminId: id, from: target.role, to: role },
        manager: m,
      });
      return true;
    });
  }

  async setDisabled(actor: PublicAdmin, id: string, disabled: boolean, meta: RequestMeta): Promise<void> {
    await this.guardedChange(id, async (m, target, activeOwners) => {
      if (target.disabled === disabled) return false;
      if (disabled && target.role === 'owner' && !target.invited && activeOwners <= 1)
        throw new DomainError(409, LAST_OWNER);
      await this.repo.setDisabled(m, id, disabled);
      const revoked = disabled ? await this.sessions.revokeAllFor(id, m) : 0;
      await this.audit.record(disabled ? 'admin.disabled' : 'admin.enabled', {
        adminId: actor.id,
        success: true,
        ...meta,
        details: { targetAdminId: id, ...(disabled ? { sessionsRevoked: revoked } : {}) },
        manager: m,
      });
      return true;
    });
  }

  /** A lost phone: two-factor is cleared and every session ends; the admin enrols again at the next sign-in if required. */
  async resetTwoFactor(actor: PublicAdmin, id: string, meta: RequestMeta): Promise<void> {
    await this.find(id);
    await this.ds.transaction(async (m) => {
      await this.twoFactor.reset(id, m);
      const revoked = await this.sessions.revokeAllFor(id, m);
      await this.audit.record('admin.two_factor.reset', {
        adminId: actor.id,
        success: true,
        ...meta,
        details: { targetAdminId: id, sessionsRevoked: revoked },
        manager: m,
      });
    });
  }

  async sessionsOf(id: string, currentSessionId?: string): Promise<SessionDto[]> {
    await this.find(id);
    return this.account.liveSessions(id, currentSessionId);
  }

  async revokeSession(actor: PublicAdmin, id: string, sessionId: string, meta: RequestMeta): Promise<void> {
    await this.find(id);
    await this.account.revokeSession(actor, id, sessionId, meta);
  }

  async signOutEverywhere(actor: PublicAdmin, id: string, meta: RequestMeta): Promise<number> {
    await this.find(id);
    const revoked = await this.sessions.revokeAllFor(id);
    await this.audit.record('admin.logout_everywhere', {
      adminId: actor.id,
      success: true,
      ...meta,
      details: { targetAdminId: id, sessionsRevoked: revoked },
    });
    return revoked;
  }

  private async find(id: string) {
    const row = UUID.test(id) ? await this.admins.findById(id) : undefined;
    if (!row) throw notFound('Admin not found');
    return { ...row, invited: row.password_hash === null };
  }

  private async guardedChange(
    id: string,
    change: (
      m: DataSource['manager'],
      target: { role: AdminRole; disabled: boolean; invited: boolean },
      activeOwners: number,
    ) => Promise<boolean>,
  ): Promise<void> {
    if (!UUID.test(id)) throw notFound('Admin not found');
    await this.ds.transaction(async (m) => {
      const { target, activeOwners } = await this.repo.lockForChange(m, id);
      if (!target) throw notFound('Admin not found');
      await change(m, target, activeOwners);
    });
  }
}
