import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The public site's news posts and events (issue 29), each a draft until published.
 * - news_posts: title, the post's day (a calendar day), the body (HTML sanitised on write), an optional photo (the
 *   photos' id, kept as a plain reference: the photos' table belongs to another part of the site), and its address
 *   (`slug`, unique: /news/<slug>).
 * - site_events: title, start and end as instants (typed in the school's time zone), place, description (HTML
 *   sanitised on write). Past events leave the public list by the clock at read time (ends_at > now()).
 */
export class NewsAndEvents1764810000000 implements MigrationInterface {
  name = 'NewsAndEvents1764810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE news_posts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 80),
        title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
        post_day date NOT NULL,
        body_html text NOT NULL DEFAULT '',
        photo_id uuid,
        published boolean NOT NULL DEFAULT false,
        published_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid REFERENCES admins(id) ON DELETE SET NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX news_posts_slug ON news_posts (slug)`);
    await q.query(`CREATE INDEX news_posts_public ON news_posts (post_day DESC, published_at DESC) WHERE published`);
    await q.query(`
      CREATE TABLE site_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        place text NOT NULL DEFAULT '',
        description_html text NOT NULL DEFAULT '',
        published boolean NOT NULL DEFAULT false,
        published_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid REFERENCES admins(id) ON DELETE SET NULL,
        CHECK (ends_at > starts_at)
      )`);
    await q.query(`CREATE INDEX site_events_public ON site_events (ends_at, starts_at) WHERE published`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE site_events`);
    await q.query(`DROP TABLE news_posts`);
  }
}
