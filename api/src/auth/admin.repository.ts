import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Queryable } from '../../../core/src/db/queryable.js';
import type { AdminRole } from './roles.decorator.js';

export interface AdminRow {
  id: string;
  email: string;
  name: string;
  role: AdminRole;
  /** Null for an invited admin who has not set a password yet. */
  password_hash: string | null;
  disabled_at: Date | null;
  totp_enabled_at: Date | null;
}

export interface PublicAdmin {
  id: string;
  email: string;
  name: string;
  role: AdminRole;
}

const COLUMNS = `id, email::text AS email, name, role, password_hash, disabled_at, totp_enabled_at`;

/** SQL over `admins`. Usable inside Nest (injected DataSource) and outside it (any Queryable). */
@Injectable()
export class AdminRepository {
  constructor(@Inject(DataSource) private readonly db: Queryable) {}

  /** The same queries inside a caller's transaction. */
  withManager(db: Queryable): AdminRepository {
    return new AdminRepository(db);
  }

  async findByEmail(email: string): Promise<AdminRow | undefined> {
    const rows = await this.db.query(`SELECT ${COLUMNS} FROM admins WHERE email = $1`, [email]);
    return rows[0];
  }

  async findById(id: string): Promise<AdminRow | undefined> {
    const rows = await this.db.query(`SELECT ${COLUMNS} FROM admins WHERE id = $1`, [id]);
    return rows[0];
  }

  async count(): Promise<number> {
    const rows = await this.db.query(`SELECT count(*)::int AS n FROM admins`);
    return rows[0].n;
  }

  /** Inserts; undefined when the e-mail is taken (case-insensitively, citext). No password: an invitation. */
  async insert(
    email: string,
    name: string,
    passwordHash: string | null,
    role: AdminRole = 'owner',
    invitedBy: string | null = null,
  ): Promise<PublicAdmin | undefined> {
    const rows = await this.db.query(
      `INSERT INTO admins (email, name, password_hash, role, invited_by) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (email) DO NOTHING
       RETURNING id, email::text AS email, name, role`,
      [email, name, passwordHash, role, invitedBy],
    );
    return rows[0];
  }

  async recordSignIn(id: string): Promise<void> {
    await this.db.query(`UPDATE admins SET last_sign_in_at = now() WHERE id = $1`, [id]);
  }

  /** Same hash, stronger parameters: not a password change, so sessions and password_changed_at stay. */
  async replaceHash(id: string, passwordHash: string): Promise<void> {
    await this.db.query(`UPDATE admins SET password_hash = $2 WHERE id = $1`, [id, passwordHash]);
  }

  /** A real password change: every session issued before this instant stops working (see SessionRepository). */
  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.db.query(`UPDATE admins SET password_hash = $2, password_changed_at = clock_timestamp() WHERE id = $1`, [
      id,
      passwordHash,
    ]);
  }
}
