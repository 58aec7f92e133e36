import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface ResetTokenRow {
  id: string;
  admin_id: string;
  email: string;
  name: string;
  expired: boolean;
  used_at: Date | null;
  revoked_at: Date | null;
}

/** SQL over `password_reset_tokens` (tokens arrive hashed). */
@Injectable()
export class ResetTokenRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** Revokes the admin's earlier unused tokens and stores the new one, in one transaction. */
  async replace(adminId: string, tokenHash: Buffer, ttlMinutes: number): Promise<void> {
    await this.ds.transaction(async (m) => {
      await m.query(`UPDATE password_reset_tokens SET revoked_at = now() WHERE admin_id = $1 AND used_at IS NULL AND revoked_at IS NULL`, [adminId]);
      await m.query(
        `INSERT INTO password_reset_tokens (admin_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`,
        [adminId, tokenHash, ttlMinutes],
      );
    });
  }

  /** Locks the token's row for the rest of the transaction, so two confirms of one token cannot both win. */
  async findForUpdate(m: EntityManager, tokenHash: Buffer): Promise<ResetTokenRow | undefined> {
    const rows = await m.query(
      `SELECT t.id, t.admin_id, a.email::text AS email, a.name, t.expires_at <= now() AS expired, t.used_at, t.revoked_at
         FROM password_reset_tokens t JOIN admins a ON a.id = t.admin_id
        WHERE t.token_hash = $1
          FOR UPDATE OF t`,
      [tokenHash],
    );
    return rows[0];
  }

  async markUsed(m: EntityManager, id: string, adminId: string): Promise<void> {
    await m.query(`UPDATE password_reset_tokens SET used_at = now() WHERE id = $1`, [id]);
    await m.query(`UPDATE password_reset_tokens SET revoked_at = now() WHERE admin_id = $1 AND id <> $2 AND used_at IS NULL AND revoked_at IS NULL`, [adminId, id]);
  }

  get dataSource(): DataSource {
    return this.ds;
  }
}
