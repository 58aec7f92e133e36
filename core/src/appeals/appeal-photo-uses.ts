import { registerPhotoUses, usesByIdColumn, usesInHtml, type TableSearch } from '../photos/photo-uses.js';

/** An appeal, as a photo's uses name it: its name, linking to the Appeals page. */
const appeal: TableSearch = {
  table: 'appeals',
  titleColumn: 'name',
  kind: 'Appeal',
  keyColumn: 'id',
  editPath: () => '/stripe-data/appeals',
};

/**
 * Where appeals use a photo (so a photo in use cannot be deleted without saying where): an appeal's cover
 * (`appeals.cover_photo_id`) and any photo inside its story.
 */
registerPhotoUses(
  usesByIdColumn({ ...appeal, idColumn: 'cover_photo_id' }),
  usesInHtml({ ...appeal, htmlColumn: 'story_html' }),
);
