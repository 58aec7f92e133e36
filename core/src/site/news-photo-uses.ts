import { registerPhotoUses, usesByIdColumn, usesInHtml } from '../photos/photo-uses.js';

/**
 * Where news posts and events use a photo (so a photo in use cannot be deleted without saying where): a post's own
 * photo (`news_posts.photo_id`) and any photo inside a post's text or an event's description.
 */
registerPhotoUses(
  usesByIdColumn({
    table: 'news_posts',
    idColumn: 'photo_id',
    titleColumn: 'title',
    kind: 'News post',
    keyColumn: 'id',
    editPath: () => '/admin/website/news',
  }),
);
registerPhotoUses(
  usesInHtml({
    table: 'news_posts',
    htmlColumn: 'body_html',
    titleColumn: 'title',
    kind: 'News post',
    keyColumn: 'id',
    editPath: () => '/admin/website/news',
  }),
);
registerPhotoUses(
  usesInHtml({
    table: 'site_events',
    htmlColumn: 'description_html',
    titleColumn: 'title',
    kind: 'Event',
    keyColumn: 'id',
    editPath: () => '/admin/website/events',
  }),
);
