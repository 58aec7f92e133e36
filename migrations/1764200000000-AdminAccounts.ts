import type { MigrationInterface, QueryRunner } from 'typeorm';
import { adminTokenColumns1763760000000 } from './frozen-sql.js';

/**
 * Admin accounts as safe as the money they see:
 * - admins: a role (owner: everything; bookkeeper: no donor deletion or erasure, no admins, no settings), a
 *   disabled state (its sessions stop at once), invited admins without a password yet (password_hash NULL),
 *   and two-factor sign-in: the TOTP secret (AES-256-GCM under TWO_FACTOR_KEY; a pending one while enrolling)
 *   and the last accepted time step, so a code is accepted once.
 * - admin_recovery_codes: ten single-use codes per admin, SHA-256 of 50 random bits each.
 * - admin_login_challenges: the short-lived step between a right password and the second factor.
 * - password_reset_tokens.purpose: an invitation link is a token of its own kind, longer-lived.
 * - donors.erased_at: personal data erased on request; later events about the donor are scrubbed too.
 * - audit_log refuses UPDATE, DELETE and TRUNCATE: no one, the app included, edits history.
 * - Installs that already have admins keep password-only sign-in until an owner requires two-factor
 *   (the setting's default, for new installs, is to require it).
 */
export class AdminAccounts1764200000000 implements MigrationInterface {
  name = 'AdminAccounts1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE admins
      ADD COLUMN role text NOT NULL DEFAULT 'owner' CHECK (role IN ('owner', 'bookkeeper')),
      ADD COLUMN disabled_at timestamptz,
      ADD COLUMN invited_by uuid REFERENCES admins(id) ON DELETE SET NULL,
      ADD COLUMN totp_secret bytea,
      ADD COLUMN totp_pending_secret bytea,
      ADD COLUMN totp_enabled_at timestamptz,
      ADD COLUMN totp_last_step bigint NOT NULL DEFAULT 0,
      ALTER COLUMN password_hash DROP NOT NULL`);
    await q.query(`
      CREATE TABLE admin_recovery_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        admin_id uuid NOT NULL REFERENCES admins(id) ON DELETE CASCADE,
        code_hash bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        used_at timestamptz,
        UNIQUE (admin_id, code_hash)
      )`);
    await q.query(`
      CREATE TABLE admin_login_challenges (
        ${adminTokenColumns1763760000000},
        failures integer NOT NULL DEFAULT 0
      )`);
    await q.query(`CREATE INDEX admin_login_challenges_admin_idx ON admin_login_challenges (admin_id)`);
    await q.query(
      `ALTER TABLE password_reset_tokens ADD COLUMN purpose text NOT NULL DEFAULT 'reset' CHECK (purpose IN ('reset', 'invite'))`,
    );
    await q.query(`ALTER TABLE donors ADD COLUMN erased_at timestamptz`);
    await q.query(`CREATE INDEX donors_erased_idx ON donors (id) WHERE erased_at IS NOT NULL`);

    await q.query(`CREATE INDEX audit_log_admin_idx ON audit_log (admin_id, at DESC)`);
    await q.query(`CREATE INDEX audit_log_action_idx ON audit_log (action, at DESC)`);
    await q.query(`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(
      `CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`,
    );
    await q.query(
      `CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`,
    );

    await q.query(`INSERT INTO settings (key, value) SELECT 'auth.require_two_factor', 'false'::jsonb WHERE EXISTS (SELECT 1 FROM admins)
                   ON CONFLICT (key) DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM settings WHERE key = 'auth.require_two_factor'`);
    await q.query(`DROP TRIGGER IF EXISTS audit_log_no_truncate ON audit_log`);
    await q.query(`DROP TRIGGER IF EXISTS audit_log_no_change ON audit_log`);
    await q.query(`DROP FUNCTION IF EXISTS audit_log_append_only()`);
    await q.query(`DROP INDEX IF EXISTS audit_log_action_idx`);
    await q.query(`DROP INDEX IF EXISTS audit_log_admin_idx`);
    await q.query(`DROP INDEX IF EXISTS donors_erased_idx`);
    await q.query(`ALTER TABLE donors DROP COLUMN erased_at`);
    await q.query(`ALTER TABLE password_reset_tokens DROP COLUMN purpose`);
    await q.query(`DROP TABLE admin_login_challenges`);
    await q.query(`DROP TABLE admin_recovery_codes`);
    await q.query(`DELETE FROM admins WHERE password_hash IS NULL`);
    await q.query(`ALTER TABLE admins ALTER COLUMN password_hash SET NOT NULL,
      DROP COLUMN totp_last_step, DROP COLUMN totp_enabled_at, DROP COLUMN totp_pending_secret, DROP COLUMN totp_secret,
      DROP COLUMN invited_by, DROP COLUMN disabled_at, DROP COLUMN role`);
  }
}
