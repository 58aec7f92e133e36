import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Repeated refusals from one address are one audit row with a count. A stranger posting made-up tokens to the
 * public invitation and reset links wrote one ~1 KB row per request into a table that can never be pruned; now
 * the first refusal of a kind from an address writes the row and the later ones in its window only count up
 * `repeats` (and move `last_at`). The append-only trigger allows exactly that change and nothing else: an UPDATE
 * of a refused entry that raises `repeats` and leaves every other column as it was. History is still never
 * edited, deleted or truncated.
 */
export class AuditRepeats1764620000000 implements MigrationInterface {
  name = 'AuditRepeats1764620000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE audit_log ADD COLUMN repeats integer NOT NULL DEFAULT 1 CHECK (repeats >= 1), ADD COLUMN last_at timestamptz`,
    );
    await q.query(`CREATE INDEX audit_log_refusals_idx ON audit_log (action, ip, at DESC) WHERE success = false`);
    await q.query(`
      CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD.success IS FALSE AND NEW.repeats > OLD.repeats
           AND (to_jsonb(NEW) - 'repeats' - 'last_at') = (to_jsonb(OLD) - 'repeats' - 'last_at') THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(`DROP INDEX IF EXISTS audit_log_refusals_idx`);
    await q.query(`ALTER TABLE audit_log DROP COLUMN last_at, DROP COLUMN repeats`);
  }
}
