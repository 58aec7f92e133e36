import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AuditRepository, type AuditEntry } from './audit.repository.js';
import type { Queryable } from '../../../core/src/db/queryable.js';

export interface AuditOptions extends Omit<AuditEntry, 'action'> {
  /** Write inside the caller's transaction (e.g. `ds.transaction(m => ...)`), so the audit row commits with the change. */
  manager?: Queryable;
}

/**
 * The audit log: sign-in attempts, sign-outs, password resets and every admin write.
 * Feature modules inject it (AuthModule is global) and call, for example:
 *   `await audit.record('donor.deleted', { ...AuditService.context(req), details: { customerId } })`.
 * Errors propagate: an admin write whose audit row cannot be written should fail, not go unrecorded.
 */
@Injectable()
export class AuditService {
  constructor(private readonly repo: AuditRepository) {}

  async record(action: string, opts: AuditOptions = {}): Promise<void> {
    const { manager, ...entry } = opts;
    await this.repo.insert({ action, ...entry }, manager);
  }

  /** adminId (when signed in), client IP (honours TRUST_PROXY) and user agent of a request. */
  static context(req: Request): { adminId?: string; ip?: string; userAgent?: string } {
    return { adminId: req.admin?.id, ip: req.ip, userAgent: req.get('user-agent') ?? undefined };
  }
}
