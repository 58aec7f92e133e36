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
  disabled_at: Date | null;
  /** The admin has no password yet (an invitation not accepted). */
  invited: boolean;
}

/** SQL over `password_reset_tokens` (tokens arrive hashed). The worker issues them (worker/src/mail); the API spends them. */
@Injectable()
export class ResetTokenRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** Locks the token's row for the rest of the transaction, so two confirms of one token cannot both win. */
  async findForUpdate(
    m: EntityManager,
    tokenHash: Buffer,
    purpose: 'reset' | 'invite' = 'reset',
  ): Promise<ResetTokenRow | undefined> {
    const rows = await m.query(
      `SELECT t.id, t.admin_id, a.email::text AS email, a.name, t.expires_at <= now() AS expired, t.used_at, t.revoked_at,
              a.disabled_at, a.password_hash IS NULL AS invited
         FROM password_reset_tokens t JOIN admins a ON a.id = t.admin_id
        WHERE t.token_hash = $1 AND t.purpose = $2
          FOR UPDATE OF t`,
      [tokenHash, purpose],
    );
    return rows[0];
  }

  /** Spends the token, and revokes every other unused token of the admin (resets and invitations alike). */
  async markUsed(m: EntityManager, id: string, adminId: string): Promise<void> {
    await m.query(`UPDATE password_reset_tokens SET used_at = now() WHERE id = $1`, [id]);
    await m.query(
      `UPDATE password_reset_tokens SET revoked_at = now() WHERE admin_id = $1 AND id <> $2 AND used_at IS NULL AND revoked_at IS NULL`,
      [adminId, id],
    );
  }

  get dataSource(): DataSource {
    return this.ds;
  }
}
