import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The school's photos, bytes and all, in Postgres: so `db:backup` / `db:restore` carry them with the rest of the
 * site, and every API instance serves the same files with no shared disk.
 * - photos: one row per upload. content_hash is the SHA-256 (first 16 hex digits) of the uploaded file, so the same
 *   file uploaded twice is recognised. alt and caption are plain text (shown as text, never markup). position is
 *   the Gallery's order; published_at is set when the photo is shown in the Gallery (it needs alt text first).
 * - photo_files: the sizes made from it (AVIF, WebP and a JPEG fallback, each at up to three widths), metadata
 *   stripped. name is `<hash of the file's bytes>-<width>.<ext>`, the address under /media/, so a file's name changes
 *   whenever its bytes do and it can be cached forever.
 */
export class Photos1764820000000 implements MigrationInterface {
  name = 'Photos1764820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE photos (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        content_hash text NOT NULL UNIQUE,
        width integer NOT NULL CHECK (width > 0),
        height integer NOT NULL CHECK (height > 0),
        alt text NOT NULL DEFAULT '',
        caption text NOT NULL DEFAULT '',
        position integer NOT NULL,
        published_at timestamptz,
        uploaded_by uuid REFERENCES admins (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT photos_published_have_alt CHECK (published_at IS NULL OR length(btrim(alt)) > 0)
      )`);
    await q.query(`CREATE INDEX photos_gallery_idx ON photos (position) WHERE published_at IS NOT NULL`);
    await q.query(`
      CREATE TABLE photo_files (
        photo_id uuid NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
        format text NOT NULL CHECK (format IN ('avif', 'webp', 'jpeg')),
        width integer NOT NULL CHECK (width > 0),
        height integer NOT NULL CHECK (height > 0),
        name text NOT NULL UNIQUE,
        bytes bytea NOT NULL,
        PRIMARY KEY (photo_id, format, width)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE photo_files`);
    await q.query(`DROP TABLE photos`);
  }
}
