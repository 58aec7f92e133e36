import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An appeal's cover is one of the school's photos, named by its id as a news post's photo is (issue 30): the page
 * then shows it as a sized <picture> (AVIF, WebP, JPEG at each width) with the photo's own alt text, and the photo
 * cannot be deleted while an appeal uses it (core/src/photos/photo-uses.ts). The id is kept as a plain reference,
 * as news_posts.photo_id is: the photos' table belongs to another part of the site.
 * - cover_photo_id: the photo whose file the old cover_photo_url named (a /media/ address), when it still exists.
 * - cover_photo_url: dropped.
 */
export class AppealCoverPhotoId1764900000000 implements MigrationInterface {
  name = 'AppealCoverPhotoId1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE appeals ADD COLUMN cover_photo_id uuid`);
    await q.query(`
      UPDATE appeals a SET cover_photo_id = f.photo_id
        FROM photo_files f
       WHERE a.cover_photo_url = '/media/' || f.name`);
    await q.query(`ALTER TABLE appeals DROP COLUMN cover_photo_url`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE appeals ADD COLUMN cover_photo_url text`);
    await q.query(`
      UPDATE appeals a SET cover_photo_url = (
        SELECT '/media/' || f.name FROM photo_files f
         WHERE f.photo_id = a.cover_photo_id AND f.format = 'jpeg' ORDER BY f.width DESC LIMIT 1)
       WHERE a.cover_photo_id IS NOT NULL`);
    await q.query(`ALTER TABLE appeals DROP COLUMN cover_photo_id`);
  }
}
