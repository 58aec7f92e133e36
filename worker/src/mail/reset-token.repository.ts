import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The worker's side of `password_reset_tokens`: it issues tokens at send time (the API spends them). */
@Injectable()
export class ResetTokenIssuer {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /**
   * An admin a reset link may go to: one with a password, not disabled. An invited admin's way in is the
   * invitation (which also sets up two-factor), never a reset; a disabled admin has none.
   */
  async findAdmin(adminId: string): Promise<{ email: string; name: string } | undefined> {
    const rows = await this.ds.query(
      `SELECT email::text AS email, name FROM admins WHERE id = $1 AND password_hash IS NOT NULL AND disabled_at IS NULL`,
      [adminId],
    );
    return rows[0];
  }

  /** An invited admin who has not accepted yet (no password, not disabled), with who invited them. */
  async findInvitee(adminId: string): Promise<{ email: string; name: string; invitedBy: string | null } | undefined> {
    const rows = await this.ds.query(
      `SELECT a.email::text AS email, a.name, i.name AS "invitedBy" FROM admins a LEFT JOIN admins i ON i.id = a.invited_by
        WHERE a.id = $1 AND a.password_hash IS NULL AND a.disabled_at IS NULL`,
      [adminId],
    );
    return rows[0];
  }

  /** Revokes the admin's earlier unused tokens of that purpose and stores the new one (hashed), in one transaction. */
  async replace(
    adminId: string,
    tokenHash: Buffer,
    ttlMinutes: number,
    purpose: 'reset' | 'invite' = 'reset',
  ): Promise<void> {
    await this.ds.transaction(async (m) => {
      await m.query(
        `UPDATE password_reset_tokens SET revoked_at = now() WHERE admin_id = $1 AND purpose = $2 AND used_at IS NULL AND revoked_at IS NULL`,
        [adminId, purpose],
      );
      await m.query(
        `INSERT INTO password_reset_tokens (admin_id, token_hash, expires_at, purpose) VALUES ($1, $2, now() + make_interval(mins => $3), $4)`,
        [adminId, tokenHash, ttlMinutes, purpose],
      );
    });
  }
}
