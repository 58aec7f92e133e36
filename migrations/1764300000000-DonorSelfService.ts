import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Donors manage their own recurring gifts without an account (the /my-giving page).
 * - donor_links: a sign-in link asked for by e-mail (purpose 'manage') or sent after a failed renewal to
 *   update one gift's card (purpose 'card', with its subscription). Scoped to the Stripe customers that had
 *   the address when it was asked. The token is minted by the worker when it sends the mail and only its
 *   SHA-256 is kept; the link is spent once (used_at) and ends at expires_at.
 * - donor_sessions: what a spent link opens, bearer token stored hashed, idle and absolute expiry, the same
 *   scope and purpose as its link.
 * The plan columns the donor's page shows (default_payment_method, pause_collection, cancel_at) come with
 * RecurringPlans1764310000000, released together with this one.
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
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE donor_sessions`);
    await q.query(`DROP TABLE donor_links`);
  }
}
