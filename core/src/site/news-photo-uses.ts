import { registerPhotoUses, usesByIdColumn, usesInHtml, type TableSearch } from '../photos/photo-uses.js';

/** A news post, as a photo's uses name it: its title, linking to the news editor. */
const newsPost: TableSearch = {
  table: 'news_posts',
  titleColumn: 'title',
  kind: 'News post',
  keyColumn: 'id',
  editPath: () => '/admin/website/news',
};

/**
 * Where news posts and events use a photo (so a photo in use cannot be deleted without saying where): a post's own
 * photo (`news_posts.photo_id`) and any photo inside a post's text or an event's description.
 */
registerPhotoUses(
  usesByIdColumn({ ...newsPost, idColumn: 'photo_id' }),
  usesInHtml({ ...newsPost, htmlColumn: 'body_html' }),
  usesInHtml({
    table: 'site_events',
    htmlColumn: 'description_html',
    titleColumn: 'title',
    kind: 'Event',
    keyColumn: 'id',
    editPath: () => '/admin/website/events',
  }),
);
