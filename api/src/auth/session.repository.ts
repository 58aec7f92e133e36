import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PublicAdmin } from './admin.repository.js';

export interface SessionAdmin extends PublicAdmin {
  sessionId: string;
}

/** SQL over `admin_sessions`. Tokens arrive here already hashed. */
@Injectable()
export class SessionRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async create(opts: { adminId: string; tokenHash: Buffer; idleMinutes: number; absoluteHours: number; ip?: string; userAgent?: string }): Promise<string> {
    const rows = await this.ds.query(
      `INSERT INTO admin_sessions (admin_id, token_hash, idle_expires_at, absolute_expires_at, ip, user_agent)
       VALUES ($1, $2, now() + make_interval(mins => $3), now() + make_interval(hours => $4), $5, $6)
       RETURNING id`,
      [opts.adminId, opts.tokenHash, opts.idleMinutes, opts.absoluteHours, opts.ip ?? null, opts.userAgent ?? null],
    );
    return rows[0].id;
  }

  /**
   * Finds a live session and slides its idle expiry in the same statement (never past the absolute expiry).
   * Live means: not revoked, neither expiry passed, and issued after the admin's last password change
   * (so a token from before a reset is dead even if its revocation were missed).
   */
  async touch(tokenHash: Buffer, idleMinutes: number): Promise<SessionAdmin | undefined> {
    const [rows] = await this.ds.query(
      `UPDATE admin_sessions s
          SET last_seen_at = now(),
              idle_expires_at = LEAST(now() + make_interval(mins => $2), s.absolute_expires_at)
         FROM admins a
        WHERE s.token_hash = $1 AND a.id = s.admin_id
          AND s.revoked_at IS NULL
          AND s.idle_expires_at > now()
          AND s.absolute_expires_at > now()
          AND s.created_at >= a.password_changed_at
      RETURNING s.id AS "sessionId", a.id, a.email::text AS email, a.name`,
      [tokenHash, idleMinutes],
    );
    return rows[0];
  }

  /** Keeps the table small: sessions dead for over 30 days go (the audit log keeps the sign-in history). */
  async pruneFor(adminId: string): Promise<void> {
    await this.ds.query(
      `DELETE FROM admin_sessions WHERE admin_id = $1 AND LEAST(idle_expires_at, absolute_expires_at, coalesce(revoked_at, 'infinity')) < now() - interval '30 days'`,
      [adminId],
    );
  }

  async revoke(sessionId: string): Promise<void> {
    await this.ds.query(`UPDATE admin_sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, [sessionId]);
  }

  async revokeAllFor(adminId: string, manager: { query: DataSource['query'] } = this.ds): Promise<number> {
    const [, count] = await manager.query(`UPDATE admin_sessions SET revoked_at = now() WHERE admin_id = $1 AND revoked_at IS NULL`, [adminId]);
    return count;
  }
}
