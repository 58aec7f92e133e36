import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Donor identity in SQL (the rule is core/src/donor-identity/email-key.ts; the two are held to the same answers
 * by donor-identity.test.ts):
 * - `email_key(text)`: the address trimmed of spaces, tabs and line breaks, with only A-Z lower-cased (`lower()`
 *   under the "C" collation folds ASCII only; under the database's collation it turns `İ` into `i`, which let
 *   `alİce@` find alice's gifts). `donors_email_key_idx` replaces `donors_email_idx` on `lower(email)`.
 * - Donor sessions reach the donors of their link's e-mail key as the read model holds them at each request; on
 *   top of that, a change of a donor's e-mail, merge (`merged_into`), deletion or erasure ends the open sessions
 *   of the keys involved (the donor's old and new e-mail, and the kept donor's), so a session never carries on
 *   across a change of whom it reaches.
 */
export class DonorEmailKey1764610000000 implements MigrationInterface {
  name = 'DonorEmailKey1764610000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION email_key(email text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      AS $$ SELECT lower(btrim(email, E' \\t\\r\\n') COLLATE "C") $$`);
    await q.query(`CREATE INDEX donors_email_key_idx ON donors (email_key(email))`);
    await q.query(`DROP INDEX IF EXISTS donors_email_idx`);
    await q.query(`CREATE INDEX donor_links_email_key_idx ON donor_links (email_key(email))`);
    await q.query(`
      CREATE FUNCTION end_donor_sessions_of_changed_donor() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE donor_sessions s SET ended_at = now()
          FROM donor_links l
         WHERE l.id = s.link_id AND s.ended_at IS NULL
           AND email_key(l.email) IN (
             SELECT email_key(e) FROM unnest(ARRAY[OLD.email, NEW.email]) e WHERE e IS NOT NULL
             UNION SELECT email_key(k.email) FROM donors k WHERE k.id IN (OLD.merged_into, NEW.merged_into) AND k.email IS NOT NULL);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER donors_identity_changed AFTER UPDATE OF email, merged_into, deleted_at, erased_at ON donors FOR EACH ROW
        WHEN (email_key(OLD.email) IS DISTINCT FROM email_key(NEW.email) OR OLD.merged_into IS DISTINCT FROM NEW.merged_into
              OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL) OR (OLD.erased_at IS NULL) <> (NEW.erased_at IS NULL))
        EXECUTE FUNCTION end_donor_sessions_of_changed_donor()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS donors_identity_changed ON donors`);
    await q.query(`DROP FUNCTION IF EXISTS end_donor_sessions_of_changed_donor()`);
    await q.query(`DROP INDEX IF EXISTS donor_links_email_key_idx`);
    await q.query(`CREATE INDEX IF NOT EXISTS donors_email_idx ON donors (lower(email))`);
    await q.query(`DROP INDEX IF EXISTS donors_email_key_idx`);
    await q.query(`DROP FUNCTION IF EXISTS email_key(text)`);
  }
}
