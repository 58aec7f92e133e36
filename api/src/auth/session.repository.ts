import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PublicAdmin } from './admin.repository.js';

export interface SessionAdmin extends PublicAdmin {
  sessionId: string;
}

/** A live session as the sessions lists show it. */
export interface SessionListing {
  id: string;
  created_at: Date;
  last_seen_at: Date;
  ip: string | null;
  user_agent: string | null;
}

/** Live: not revoked, neither expiry passed, issued after the last password change, its admin not disabled. */
const LIVE = `s.revoked_at IS NULL AND s.idle_expires_at > now() AND s.absolute_expires_at > now()
  AND s.created_at >= a.password_changed_at AND a.disabled_at IS NULL`;

/** A session's idle expiry is moved forward in steps of at least this many seconds (see touch). */
const SLIDE_STEP_SECONDS = 30;

/** SQL over `admin_sessions`. Tokens arrive here already hashed. */
@Injectable()
export class SessionRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async create(opts: {
    adminId: string;
    tokenHash: Buffer;
    idleMinutes: number;
    absoluteHours: number;
    ip?: string;
    userAgent?: string;
  }): Promise<string> {
    const rows = await this.ds.query(
      `INSERT INTO admin_sessions (admin_id, token_hash, idle_expires_at, absolute_expires_at, ip, user_agent)
       VALUES ($1, $2, now() + make_interval(mins => $3), now() + make_interval(hours => $4), $5, $6)
       RETURNING id`,
      [opts.adminId, opts.tokenHash, opts.idleMinutes, opts.absoluteHours, opts.ip ?? null, opts.userAgent ?? null],
    );
    return rows[0].id;
  }

  /**
   * Finds a live session and slides its idle expiry (never past the absolute expiry). Live means: not revoked,
   * neither expiry passed, issued after the admin's last password change (so a token from before a reset is
   * dead even if its revocation were missed), and the admin not disabled. The slide is written only when it
   * moves the expiry by more than SLIDE_STEP_SECONDS: a page's burst of requests reads the session without a
   * write (and without waiting for a commit to reach the disk); idle time still counts from the last request,
   * to within that step.
   */
  async touch(tokenHash: Buffer, idleMinutes: number): Promise<SessionAdmin | undefined> {
    const rows = await this.ds.query(
      `WITH live AS (
         SELECT s.id, s.idle_expires_at, s.absolute_expires_at, a.id AS admin_id, a.email::text AS email, a.name, a.role
           FROM admin_sessions s JOIN admins a ON a.id = s.admin_id
          WHERE s.token_hash = $1 AND ${LIVE}),
       slid AS (
         UPDATE admin_sessions s
            SET last_seen_at = now(),
                idle_expires_at = LEAST(now() + make_interval(mins => $2), s.absolute_expires_at)
           FROM live
          WHERE s.id = live.id
            AND (LEAST(now() + make_interval(mins => $2), live.absolute_expires_at) > live.idle_expires_at + make_interval(secs => $3)
                 OR live.idle_expires_at > live.absolute_expires_at))
       SELECT id AS "sessionId", admin_id AS id, email, name, role FROM live`,
      [tokenHash, idleMinutes, SLIDE_STEP_SECONDS],
    );
    return rows[0];
  }

  /** Whether the admin opened a session from this address within the last `days` (the sign-in throttle's "known address"). */
  async signedInFrom(adminId: string, ip: string, days: number): Promise<boolean> {
    const rows = await this.ds.query(
      `SELECT EXISTS (SELECT 1 FROM admin_sessions WHERE admin_id = $1 AND ip = $2 AND created_at > now() - make_interval(days => $3)) AS known`,
      [adminId, ip, days],
    );
    return rows[0].known;
  }

  /** Keeps the table small: sessions dead for over 30 days go (the audit log keeps the sign-in history). */
  async pruneFor(adminId: string): Promise<void> {
    await this.ds.query(
      `DELETE FROM admin_sessions WHERE admin_id = $1 AND LEAST(idle_expires_at, absolute_expires_at, coalesce(revoked_at, 'infinity')) < now() - interval '30 days'`,
      [adminId],
    );
  }

  /** The admin's live sessions, most recently seen first. */
  async listLive(adminId: string): Promise<SessionListing[]> {
    return this.ds.query(
      `SELECT s.id, s.created_at, s.last_seen_at, s.ip, s.user_agent
         FROM admin_sessions s JOIN admins a ON a.id = s.admin_id
        WHERE s.admin_id = $1 AND ${LIVE}
        ORDER BY s.last_seen_at DESC`,
      [adminId],
    );
  }

  /** Revokes one session of the admin; false when it is not theirs or already ended. */
  async revokeOf(adminId: string, sessionId: string): Promise<boolean> {
    const [, count] = await this.ds.query(
      `UPDATE admin_sessions SET revoked_at = now() WHERE id = $1 AND admin_id = $2 AND revoked_at IS NULL`,
      [sessionId, adminId],
    );
    return count > 0;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.ds.query(`UPDATE admin_sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, [
      sessionId,
    ]);
  }

  /** Revokes every session of the admin but `keepSessionId` (the one asking). */
  async revokeOthers(adminId: string, keepSessionId: string | undefined): Promise<number> {
    const [, count] = await this.ds.query(
      `UPDATE admin_sessions SET revoked_at = now() WHERE admin_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $2`,
      [adminId, keepSessionId ?? null],
    );
    return count;
  }

  async revokeAllFor(adminId: string, manager: { query: DataSource['query'] } = this.ds): Promise<number> {
    const [, count] = await manager.query(
      `UPDATE admin_sessions SET revoked_at = now() WHERE admin_id = $1 AND revoked_at IS NULL`,
      [adminId],
    );
    return count;
  }
}
