import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Queryable } from '../../../core/src/db/queryable.js';

export interface AuditEntry {
  action: string;
  adminId?: string | null;
  emailTried?: string | null;
  success?: boolean | null;
  ip?: string | null;
  userAgent?: string | null;
  details?: Record<string, unknown>;
  /** Who acted: an admin (the default), a donor on their own gifts (donorId: their Stripe customer id), or the system. */
  actorKind?: 'admin' | 'donor' | 'system';
  donorId?: string | null;
}

/** SQL over `audit_log` (append-only: nothing here updates or deletes). */
@Injectable()
export class AuditRepository {
  constructor(@Inject(DataSource) private readonly ds: Queryable) {}

  async insert(e: AuditEntry, db: Queryable = this.ds): Promise<void> {
    await db.query(
      `INSERT INTO audit_log (action, admin_id, email_tried, success, ip, user_agent, details, actor_kind, donor_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [e.action, e.adminId ?? null, e.emailTried?.slice(0, 320) ?? null, e.success ?? null, e.ip ?? null, e.userAgent?.slice(0, 512) ?? null, JSON.stringify(e.details ?? {}),
        e.actorKind ?? 'admin', e.donorId ?? null],
    );
  }
}
