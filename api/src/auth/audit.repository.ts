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

/** SQL over `audit_log` (append-only: nothing here deletes; the one update counts a repeated refusal). */
@Injectable()
export class AuditRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /**
   * A refusal (success false) counted into the row of the same refusal from the same address within the last
   * `windowSeconds` (same action, admin and details), or a new row when there is none. An advisory lock per
   * (action, address) makes concurrent repeats count into one row rather than each starting its own.
   */
  async insertOrRepeat(e: AuditEntry, windowSeconds: number): Promise<void> {
    await this.ds.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('audit-refusal:' || $1 || ':' || coalesce($2, '')))`, [
        e.action,
        e.ip ?? null,
      ]);
      const [{ n }] = await m.query(
        `WITH hit AS (
           UPDATE audit_log SET repeats = repeats + 1, last_at = now()
            WHERE id = (SELECT id FROM audit_log
                         WHERE action = $1 AND success = false AND ip IS NOT DISTINCT FROM $2 AND admin_id IS NOT DISTINCT FROM $3
                           AND details = $4::jsonb AND at > now() - make_interval(secs => $5)
                         ORDER BY at DESC LIMIT 1)
           RETURNING id)
         SELECT count(*)::int AS n FROM hit`,
        [e.action, e.ip ?? null, e.adminId ?? null, JSON.stringify(e.details ?? {}), windowSeconds],
      );
      if (n > 0) return;
      await this.insert({ ...e, success: false }, m);
    });
  }

  async insert(e: AuditEntry, db: Queryable = this.ds): Promise<void> {
    await db.query(
      `INSERT INTO audit_log (action, admin_id, email_tried, success, ip, user_agent, details, actor_kind, donor_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        e.action,
        e.adminId ?? null,
        e.emailTried?.slice(0, 320) ?? null,
        e.success ?? null,
        e.ip ?? null,
        e.userAgent?.slice(0, 512) ?? null,
        JSON.stringify(e.details ?? {}),
        e.actorKind ?? 'admin',
        e.donorId ?? null,
      ],
    );
  }
}
