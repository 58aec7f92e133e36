import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two shared foundations for the admin's settings and for actions taken by donors themselves:
 * - settings: one row per named setting (acknowledgments switch, fiscal year start, 2FA requirement, retention...),
 *   its value as JSON, who changed it last and when. A missing row means the setting's default.
 * - audit_log.actor_kind / donor_id: an entry is by an admin (admin_id), a donor acting on their own gifts through
 *   a self-service link (donor_id, a Stripe customer id), or the system; the kind says which.
 */
export class SettingsAndAuditActors1764100000000 implements MigrationInterface {
  name = 'SettingsAndAuditActors1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE settings (
        key text PRIMARY KEY,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid REFERENCES admins(id) ON DELETE SET NULL
      )`);
    await q.query(`ALTER TABLE audit_log
      ADD COLUMN actor_kind text NOT NULL DEFAULT 'admin' CHECK (actor_kind IN ('admin', 'donor', 'system')),
      ADD COLUMN donor_id text`);
    await q.query(`CREATE INDEX audit_log_donor_idx ON audit_log (donor_id, at DESC) WHERE donor_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS audit_log_donor_idx`);
    await q.query(`ALTER TABLE audit_log DROP COLUMN donor_id, DROP COLUMN actor_kind`);
    await q.query(`DROP TABLE settings`);
  }
}
