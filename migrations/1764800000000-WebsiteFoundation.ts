import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The school's website becomes the staff's to edit:
 * - admins.role gains `editor`: the Website section only (pages, news, events, photos), no donor, gift or money data.
 * - site_version: one row whose number goes up on every publish of any site content (pages, news, events, photos),
 *   read per public request as the ETag, so a publish is seen within a second by every API instance.
 */
export class WebsiteFoundation1764800000000 implements MigrationInterface {
  name = 'WebsiteFoundation1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE admins DROP CONSTRAINT IF EXISTS admins_role_check`);
    await q.query(
      `ALTER TABLE admins ADD CONSTRAINT admins_role_check CHECK (role IN ('owner', 'bookkeeper', 'editor'))`,
    );
    await q.query(`CREATE TABLE site_version (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      version bigint NOT NULL DEFAULT 1,
      changed_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`INSERT INTO site_version (id) VALUES (true)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE site_version`);
    await q.query(`UPDATE admins SET role = 'bookkeeper' WHERE role = 'editor'`);
    await q.query(`ALTER TABLE admins DROP CONSTRAINT IF EXISTS admins_role_check`);
    await q.query(`ALTER TABLE admins ADD CONSTRAINT admins_role_check CHECK (role IN ('owner', 'bookkeeper'))`);
  }
}
