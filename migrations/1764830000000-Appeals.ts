import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Appeals (issue 30): a fundraising push with a page, a goal and a deadline.
 * - appeals: the appeal itself. Open when published and starts_at <= now < coalesce(ended_early_at, ends_at)
 *   (core/src/appeals/appeal-rules.ts).
 * - Attribution on the gift rows: charges (from the payment's Stripe metadata, projected by the worker; appeal_moved
 *   marks an admin's move, which later events keep), subscriptions (the plan's appeal) and manual_donations.
 * - appeal_totals and appeal_donors: the progress, kept by the same writers as daily_totals, in the same transaction
 *   (core/src/appeals/appeal-totals.ts), so a progress read is one row by key, never a scan of the gifts.
 *   Appeals are new: no gift names one yet, so nothing is rebuilt here.
 */
export class Appeals1764830000000 implements MigrationInterface {
  name = 'Appeals1764830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE appeals (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9](-?[a-z0-9])*$' AND length(slug) <= 40),
        name text NOT NULL,
        story_html text NOT NULL DEFAULT '',
        cover_photo_url text,
        fund_id integer REFERENCES funds(id),
        goal_kind text NOT NULL CHECK (goal_kind IN ('dollars', 'donors', 'new_monthly_donors')),
        goal_cents bigint CHECK (goal_cents > 0),
        goal_count integer CHECK (goal_count > 0),
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        match_text text,
        match_cap_cents bigint CHECK (match_cap_cents > 0),
        thank_you_text text,
        status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
        ended_early_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (ends_at > starts_at),
        CHECK ((goal_kind = 'dollars') = (goal_cents IS NOT NULL)),
        CHECK ((goal_kind <> 'dollars') = (goal_count IS NOT NULL))
      )`);
    await q.query(`
      CREATE TABLE appeal_totals (
        appeal_id uuid PRIMARY KEY REFERENCES appeals(id) ON DELETE CASCADE,
        raised_cents bigint NOT NULL DEFAULT 0,
        gift_count integer NOT NULL DEFAULT 0,
        donor_count integer NOT NULL DEFAULT 0,
        recurring_started integer NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE appeal_donors (
        appeal_id uuid NOT NULL REFERENCES appeals(id) ON DELETE CASCADE,
        customer_id text NOT NULL,
        gift_count integer NOT NULL DEFAULT 0,
        PRIMARY KEY (appeal_id, customer_id)
      )`);
    await q.query(`ALTER TABLE charges
      ADD COLUMN appeal_id uuid,
      ADD COLUMN utm_source text,
      ADD COLUMN utm_campaign text,
      ADD COLUMN show_name boolean NOT NULL DEFAULT false,
      ADD COLUMN appeal_plan_start boolean NOT NULL DEFAULT false,
      ADD COLUMN appeal_moved boolean NOT NULL DEFAULT false`);
    await q.query(
      `CREATE INDEX charges_appeal_idx ON charges (appeal_id, created DESC) WHERE appeal_id IS NOT NULL AND status = 'succeeded'`,
    );
    await q.query(`ALTER TABLE subscriptions
      ADD COLUMN appeal_id uuid, ADD COLUMN utm_source text, ADD COLUMN utm_campaign text`);
    await q.query(`ALTER TABLE manual_donations ADD COLUMN appeal_id uuid REFERENCES appeals(id)`);
    await q.query(
      `CREATE INDEX manual_donations_appeal_idx ON manual_donations (appeal_id) WHERE appeal_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE manual_donations DROP COLUMN appeal_id`);
    await q.query(`ALTER TABLE subscriptions DROP COLUMN appeal_id, DROP COLUMN utm_source, DROP COLUMN utm_campaign`);
    await q.query(`ALTER TABLE charges DROP COLUMN appeal_id, DROP COLUMN utm_source, DROP COLUMN utm_campaign,
      DROP COLUMN show_name, DROP COLUMN appeal_plan_start, DROP COLUMN appeal_moved`);
    await q.query(`DROP TABLE appeal_donors`);
    await q.query(`DROP TABLE appeal_totals`);
    await q.query(`DROP TABLE appeals`);
  }
}
