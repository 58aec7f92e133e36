import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Queryable } from '../../../../core/src/db/queryable.js';

export interface ChallengeRow {
  id: string;
  admin_id: string;
  expired: boolean;
  used_at: Date | null;
  failures: number;
}

/** TypeORM answers an UPDATE with [rows, count]. */
const changed = (result: unknown) => Array.isArray(result) && typeof result[1] === 'number' && result[1] > 0;

/** SQL over the admins' TOTP columns, admin_recovery_codes and admin_login_challenges (secrets arrive sealed, codes and tokens hashed). */
@Injectable()
export class TwoFactorRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async setPending(adminId: string, sealed: Buffer): Promise<void> {
    await this.ds.query(`UPDATE admins SET totp_pending_secret = $2 WHERE id = $1`, [adminId, sealed]);
  }

  async secrets(
    adminId: string,
  ): Promise<{ active: Buffer | null; pending: Buffer | null; enabledAt: Date | null } | undefined> {
    const rows = await this.ds.query(
      `SELECT totp_secret, totp_pending_secret, totp_enabled_at FROM admins WHERE id = $1`,
      [adminId],
    );
    return (
      rows[0] && {
        active: rows[0].totp_secret,
        pending: rows[0].totp_pending_secret,
        enabledAt: rows[0].totp_enabled_at,
      }
    );
  }

  /** The pending secret becomes the admin's, `step` counts as used, and ten new recovery codes replace any old ones. */
  async activate(adminId: string, step: number, codeHashes: Buffer[]): Promise<boolean> {
    return this.ds.transaction(async (m) => {
      const done = changed(
        await m.query(
          `UPDATE admins SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_enabled_at = now(), totp_last_step = $2
          WHERE id = $1 AND totp_pending_secret IS NOT NULL`,
          [adminId, step],
        ),
      );
      if (!done) return false;
      await m.query(`DELETE FROM admin_recovery_codes WHERE admin_id = $1`, [adminId]);
      await m.query(`INSERT INTO admin_recovery_codes (admin_id, code_hash) SELECT $1, unnest($2::bytea[])`, [
        adminId,
        codeHashes,
      ]);
      return true;
    });
  }

  /** Records `step` as the last one used, unless it is not newer than the last (a replayed or older code): then false. */
  async acceptStep(adminId: string, step: number): Promise<boolean> {
    return changed(
      await this.ds.query(`UPDATE admins SET totp_last_step = $2 WHERE id = $1 AND totp_last_step < $2`, [
        adminId,
        step,
      ]),
    );
  }

  /** Spends a recovery code; false when it is not one of the admin's unused codes. */
  async useRecoveryCode(adminId: string, codeHash: Buffer): Promise<boolean> {
    return changed(
      await this.ds.query(
        `UPDATE admin_recovery_codes SET used_at = now() WHERE admin_id = $1 AND code_hash = $2 AND used_at IS NULL`,
        [adminId, codeHash],
      ),
    );
  }

  async recoveryCodesLeft(adminId: string): Promise<number> {
    const rows = await this.ds.query(
      `SELECT count(*)::int AS n FROM admin_recovery_codes WHERE admin_id = $1 AND used_at IS NULL`,
      [adminId],
    );
    return rows[0].n;
  }

  /** Turns two-factor off for the admin (an owner's reset after a lost phone): they enrol again at their next sign-in if required. */
  async reset(adminId: string, db: Queryable = this.ds): Promise<void> {
    await db.query(
      `UPDATE admins SET totp_secret = NULL, totp_pending_secret = NULL, totp_enabled_at = NULL WHERE id = $1`,
      [adminId],
    );
    await db.query(`DELETE FROM admin_recovery_codes WHERE admin_id = $1`, [adminId]);
  }

  /** One sealed secret (to check at start-up that TWO_FACTOR_KEY opens it), or none when no admin has one. */
  async anySealed(): Promise<{ id: string; sealed: Buffer } | undefined> {
    const rows = await this.ds.query(
      `SELECT id, coalesce(totp_secret, totp_pending_secret) AS sealed FROM admins
        WHERE totp_secret IS NOT NULL OR totp_pending_secret IS NOT NULL LIMIT 1`,
    );
    return rows[0];
  }

  async createChallenge(adminId: string, tokenHash: Buffer, minutes: number): Promise<void> {
    await this.ds.query(
      `DELETE FROM admin_login_challenges WHERE admin_id = $1 AND (expires_at < now() OR used_at IS NOT NULL)`,
      [adminId],
    );
    await this.ds.query(
      `INSERT INTO admin_login_challenges (admin_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`,
      [adminId, tokenHash, minutes],
    );
  }

  async findChallenge(tokenHash: Buffer): Promise<ChallengeRow | undefined> {
    const rows = await this.ds.query(
      `SELECT id, admin_id, expires_at <= now() AS expired, used_at, failures FROM admin_login_challenges WHERE token_hash = $1`,
      [tokenHash],
    );
    return rows[0];
  }

  async challengeFailed(id: string): Promise<void> {
    await this.ds.query(`UPDATE admin_login_challenges SET failures = failures + 1 WHERE id = $1`, [id]);
  }

  /** Spends the challenge; false when another request spent it first. */
  async spendChallenge(id: string): Promise<boolean> {
    return changed(
      await this.ds.query(`UPDATE admin_login_challenges SET used_at = now() WHERE id = $1 AND used_at IS NULL`, [id]),
    );
  }
}
