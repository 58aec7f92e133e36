import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Donors manage their own recurring gifts without an account (the /my-giving page).
 * - donor_links: a sign-in link asked for by e-mail (purpose 'manage') or sent after a failed renewal to
 *   update one gift's card (purpose 'card', with its subscription). Scoped to the Stripe customers that had
 *   the address when it was asked. The token is minted by the worker when it sends the mail and only its
 *   SHA-256 is kept; the link is spent once (used_at) and ends at expires_at.
 * - donor_sessions: what a spent link opens, bearer token stored hashed, idle and absolute expiry, the same
 *   scope and purpose as its link.
 * - subscriptions: what the donor's page shows and the actions change: the gift's card (default_payment_method),
 *   paused collection (pause_collection, Stripe's {behavior, resumes_at}) and a scheduled cancellation (cancel_at).
 */
export class DonorSelfService1764300000000 implements MigrationInterface {
  name = 'DonorSelfService1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE donor_links (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        customer_ids text[] NOT NULL,
        purpose text NOT NULL CHECK (purpose IN ('manage', 'card')),
        subscription_id text,
        token_hash bytea UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz,
        used_at timestamptz,
        CHECK ((purpose = 'card') = (subscription_id IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX donor_links_customers_idx ON donor_links USING gin (customer_ids)`);
    await q.query(`
      CREATE TABLE donor_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash bytea NOT NULL UNIQUE,
        link_id uuid NOT NULL REFERENCES donor_links(id) ON DELETE CASCADE,
        customer_ids text[] NOT NULL,
        purpose text NOT NULL CHECK (purpose IN ('manage', 'card')),
        subscription_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        ended_at timestamptz
      )`);
    await q.query(`CREATE INDEX donor_sessions_customers_idx ON donor_sessions USING gin (customer_ids)`);
    await q.query(`ALTER TABLE subscriptions
      ADD COLUMN cancel_at timestamptz,
      ADD COLUMN pause_collection jsonb,
      ADD COLUMN default_payment_method text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE subscriptions DROP COLUMN default_payment_method, DROP COLUMN pause_collection, DROP COLUMN cancel_at`);
    await q.query(`DROP TABLE donor_sessions`);
    await q.query(`DROP TABLE donor_links`);
  }
}
