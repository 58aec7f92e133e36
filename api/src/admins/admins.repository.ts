import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Queryable } from '../../../core/src/db/queryable.js';
import type { AdminRole } from '../auth/roles.decorator.js';

export interface AdminListingRow {
  id: string;
  email: string;
  name: string;
  role: AdminRole;
  invited: boolean;
  disabled_at: Date | null;
  totp_enabled_at: Date | null;
  last_sign_in_at: Date | null;
  created_at: Date;
  active_sessions: number;
}

/** SQL over `admins` for the Admins page. */
@Injectable()
export class AdminsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  list(): Promise<AdminListingRow[]> {
    return this.ds.query(
      `SELECT a.id, a.email::text AS email, a.name, a.role, a.password_hash IS NULL AS invited, a.disabled_at, a.totp_enabled_at,
              a.last_sign_in_at, a.created_at,
              (SELECT count(*)::int FROM admin_sessions s
                WHERE s.admin_id = a.id AND s.revoked_at IS NULL AND s.idle_expires_at > now() AND s.absolute_expires_at > now()
                  AND s.created_at >= a.password_changed_at AND a.disabled_at IS NULL) AS active_sessions
         FROM admins a ORDER BY a.disabled_at IS NOT NULL, a.name, a.email`,
    );
  }

  /**
   * Locks every admin row (FOR UPDATE) and answers the one asked for with how many active owners there are, so
   * two owners demoting or disabling each other at once cannot leave the school with none.
   */
  async lockForChange(
    m: Queryable,
    id: string,
  ): Promise<{ target?: { role: AdminRole; disabled: boolean; invited: boolean }; activeOwners: number }> {
    const rows: Array<{ id: string; role: AdminRole; disabled: boolean; invited: boolean }> = await m.query(
      `SELECT id, role, disabled_at IS NOT NULL AS disabled, password_hash IS NULL AS invited FROM admins ORDER BY id FOR UPDATE`,
    );
    const target = rows.find((r) => r.id === id);
    return { target, activeOwners: rows.filter((r) => r.role === 'owner' && !r.disabled && !r.invited).length };
  }

  async setRole(m: Queryable, id: string, role: AdminRole): Promise<void> {
    await m.query(`UPDATE admins SET role = $2 WHERE id = $1`, [id, role]);
  }

  async setDisabled(m: Queryable, id: string, disabled: boolean): Promise<void> {
    await m.query(
      `UPDATE admins SET disabled_at = CASE WHEN $2 THEN coalesce(disabled_at, now()) ELSE NULL END WHERE id = $1`,
      [id, disabled],
    );
  }
}
