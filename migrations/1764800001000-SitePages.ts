import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The website's editable pages (Website > Pages):
 * - site_page_drafts: one draft per page (its fields as JSON, sanitised when written), who saved it and when.
 * - site_page_revisions: every publish (and every restore, which publishes an earlier revision's content again),
 *   never updated; a page's published content is its newest revision, else the defaults in code.
 */
export class SitePages1764800001000 implements MigrationInterface {
  name = 'SitePages1764800001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE site_page_drafts (
      page text PRIMARY KEY,
      content jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by uuid REFERENCES admins(id) ON DELETE SET NULL
    )`);
    await q.query(`CREATE TABLE site_page_revisions (
      id bigserial PRIMARY KEY,
      page text NOT NULL,
      content jsonb NOT NULL,
      published_at timestamptz NOT NULL DEFAULT now(),
      published_by uuid REFERENCES admins(id) ON DELETE SET NULL,
      restored_from bigint REFERENCES site_page_revisions(id)
    )`);
    await q.query(`CREATE INDEX site_page_revisions_page ON site_page_revisions (page, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE site_page_revisions`);
    await q.query(`DROP TABLE site_page_drafts`);
  }
}
