import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AuditRepository, type AuditEntry } from './audit.repository.js';
import type { Queryable } from '../../../core/src/db/queryable.js';

/** How long repeats of one refusal from one address count into its row (then the next refusal starts a new row). */
export const REFUSAL_WINDOW_SECONDS = 60 * 60;

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

  /**
   * A refusal of a public route that strangers can repeat at will (a made-up invitation or reset token): the
   * first from an address writes the row, the same refusal again from there within `REFUSAL_WINDOW_SECONDS`
   * only counts up that row's `repeats`. So a flood of guesses costs the log one row, not one row each. A
   * refusal that names an admin (a real link used wrongly: expired, or a weak password) keeps a row of its own:
   * only the holder of a real link gets that far, and the route's throttle bounds how often.
   */
  async refusal(action: string, entry: Omit<AuditEntry, 'action' | 'success'>): Promise<void> {
    if (entry.adminId) return this.repo.insert({ action, success: false, ...entry });
    await this.repo.insertOrRepeat({ action, ...entry }, REFUSAL_WINDOW_SECONDS);
  }

  /** adminId (when signed in), client IP (honours TRUST_PROXY) and user agent of a request. */
  static context(req: Request): { adminId?: string; ip?: string; userAgent?: string } {
    return { adminId: req.admin?.id, ip: req.ip, userAgent: req.get('user-agent') ?? undefined };
  }
}
