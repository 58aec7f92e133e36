import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Queryable } from './queryable.js';

export interface AdminRow {
  id: string;
  email: string;
  name: string;
  password_hash: string;
}

export interface PublicAdmin {
  id: string;
  email: string;
  name: string;
}

/** SQL over `admins`. Usable inside Nest (injected DataSource) and outside it (any Queryable). */
@Injectable()
export class AdminRepository {
  constructor(@Inject(DataSource) private readonly db: Queryable) {}

  /** The same queries inside a caller's transaction. */
  withManager(db: Queryable): AdminRepository {
    return new AdminRepository(db);
  }

  async findByEmail(email: string): Promise<AdminRow | undefined> {
    const rows = await this.db.query(`SELECT id, email::text AS email, name, password_hash FROM admins WHERE email = $1`, [email]);
    return rows[0];
  }

  async count(): Promise<number> {
    const rows = await this.db.query(`SELECT count(*)::int AS n FROM admins`);
    return rows[0].n;
  }

  /** Inserts; undefined when the e-mail is taken (case-insensitively, citext). */
  async insert(email: string, name: string, passwordHash: string): Promise<PublicAdmin | undefined> {
    const rows = await this.db.query(
      `INSERT INTO admins (email, name, password_hash) VALUES ($1, $2, $3)
       ON CONFLICT (email) DO NOTHING
       RETURNING id, email::text AS email, name`,
      [email, name, passwordHash],
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
    await this.db.query(`UPDATE admins SET password_hash = $2, password_changed_at = clock_timestamp() WHERE id = $1`, [id, passwordHash]);
  }
}
