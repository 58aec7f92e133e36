import type { MigrationInterface, QueryRunner } from 'typeorm';
import { adminTokenColumns1763760000000 } from './frozen-sql.js';

/**
 * The whole first schema: the Stripe event inbox, the read model projected by the worker,
 * the incremental aggregates the dashboard reads, manual gifts, donation records and admin accounts.
 *
 * Money is integer cents (bigint). Stripe times are kept as timestamptz; `*_event_created` columns hold the
 * `created` (unix seconds) of the last event applied to a row, for the ordering guard in the worker.
 */
export class InitialSchema1763760000000 implements MigrationInterface {
  name = 'InitialSchema1763760000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pgcrypto`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS citext`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);

    await q.query(`
      CREATE TABLE stripe_events (
        id text PRIMARY KEY,
        type text NOT NULL,
        created bigint NOT NULL,
        livemode boolean NOT NULL DEFAULT false,
        api_version text,
        payload jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        enqueued_at timestamptz,
        processed_at timestamptz,
        ignored boolean NOT NULL DEFAULT false,
        attempts integer NOT NULL DEFAULT 0,
        last_error text
      )`);
    await q.query(
      `CREATE INDEX stripe_events_unprocessed_idx ON stripe_events (received_at) WHERE processed_at IS NULL`,
    );
    await q.query(`CREATE INDEX stripe_events_type_created_idx ON stripe_events (type, created)`);

    await q.query(`
      CREATE TABLE donors (
        id text PRIMARY KEY,
        name text,
        email text,
        phone text,
        address_line1 text,
        address_line2 text,
        address_city text,
        address_state text,
        address_postal_code text,
        address_country text,
        description text,
        created timestamptz NOT NULL,
        deleted_at timestamptz,
        last_event_created bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX donors_created_idx ON donors (created DESC, id DESC) WHERE deleted_at IS NULL`);
    await q.query(`CREATE INDEX donors_email_idx ON donors (lower(email))`);
    await q.query(
      `CREATE INDEX donors_search_trgm_idx ON donors USING gin ((coalesce(name,'') || ' ' || coalesce(email,'')) gin_trgm_ops)`,
    );

    await q.query(`
      CREATE TABLE payment_methods (
        id text PRIMARY KEY,
        customer_id text,
        brand text,
        last4 text,
        exp_month integer,
        exp_year integer,
        created timestamptz NOT NULL,
        detached_at timestamptz,
        last_event_created bigint NOT NULL DEFAULT 0
      )`);
    await q.query(
      `CREATE INDEX payment_methods_customer_idx ON payment_methods (customer_id) WHERE detached_at IS NULL`,
    );

    await q.query(`
      CREATE TABLE payment_intents (
        id text PRIMARY KEY,
        customer_id text,
        amount bigint NOT NULL,
        currency text NOT NULL,
        status text NOT NULL,
        description text,
        receipt_email text,
        latest_charge_id text,
        invoice_id text,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        created timestamptz NOT NULL,
        last_event_created bigint NOT NULL DEFAULT 0
      )`);
    await q.query(`CREATE INDEX payment_intents_created_idx ON payment_intents (created DESC)`);

    await q.query(`
      CREATE TABLE subscriptions (
        id text PRIMARY KEY,
        customer_id text,
        status text NOT NULL,
        interval text,
        interval_count integer,
        frequency text,
        amount bigint,
        currency text,
        current_period_start timestamptz,
        current_period_end timestamptz,
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        canceled_at timestamptz,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        created timestamptz NOT NULL,
        last_event_created bigint NOT NULL DEFAULT 0
      )`);
    await q.query(`CREATE INDEX subscriptions_customer_idx ON subscriptions (customer_id)`);

    await q.query(`
      CREATE TABLE invoices (
        id text PRIMARY KEY,
        customer_id text,
        subscription_id text,
        payment_intent_id text,
        charge_id text,
        status text,
        amount_paid bigint NOT NULL DEFAULT 0,
        currency text,
        billing_reason text,
        created timestamptz NOT NULL,
        last_event_created bigint NOT NULL DEFAULT 0
      )`);
    await q.query(`CREATE INDEX invoices_subscription_idx ON invoices (subscription_id)`);
    await q.query(`CREATE INDEX invoices_payment_intent_idx ON invoices (payment_intent_id)`);

    await q.query(`
      CREATE TABLE charges (
        id text PRIMARY KEY,
        payment_intent_id text,
        invoice_id text,
        subscription_id text,
        customer_id text,
        amount bigint NOT NULL,
        amount_refunded bigint NOT NULL DEFAULT 0,
        currency text NOT NULL,
        status text NOT NULL,
        paid boolean NOT NULL DEFAULT false,
        refunded boolean NOT NULL DEFAULT false,
        disputed boolean NOT NULL DEFAULT false,
        dispute_status text,
        failure_message text,
        brand text,
        last4 text,
        billing_name text,
        billing_email text,
        billing_phone text,
        receipt_url text,
        description text,
        frequency text NOT NULL DEFAULT 'one-time',
        donation_type text,
        source text,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        created timestamptz NOT NULL,
        last_event_created bigint NOT NULL DEFAULT 0,
        state_rank integer NOT NULL DEFAULT 0
      )`);
    await q.query(`CREATE INDEX charges_created_idx ON charges (created DESC, id DESC)`);
    await q.query(`CREATE INDEX charges_customer_created_idx ON charges (customer_id, created DESC)`);
    await q.query(`CREATE INDEX charges_payment_intent_idx ON charges (payment_intent_id)`);
    await q.query(`CREATE INDEX charges_invoice_idx ON charges (invoice_id)`);

    await q.query(`
      CREATE TABLE donation_records (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        payment_intent_id text,
        subscription_id text,
        customer_id text,
        amount bigint NOT NULL,
        frequency text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        phone text,
        address text,
        city text,
        state text,
        zip_code text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX donation_records_payment_intent_uq ON donation_records (payment_intent_id) WHERE payment_intent_id IS NOT NULL`,
    );

    await q.query(`
      CREATE TABLE admins (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email citext NOT NULL UNIQUE,
        name text NOT NULL,
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_sign_in_at timestamptz,
        password_changed_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE manual_donations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        stripe_customer_id text,
        donor_name text NOT NULL,
        donor_email text,
        donor_phone text,
        donor_address text,
        amount bigint NOT NULL CHECK (amount > 0),
        donation_type text NOT NULL,
        donation_date timestamptz NOT NULL,
        notes text,
        requires_irs_receipt boolean NOT NULL DEFAULT false,
        created_by uuid REFERENCES admins(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX manual_donations_customer_idx ON manual_donations (stripe_customer_id, donation_date DESC)`,
    );
    await q.query(`CREATE INDEX manual_donations_date_idx ON manual_donations (donation_date DESC)`);

    // Aggregates, kept incrementally by the worker and the manual-donation service in the same
    // transaction as the row they summarise, so analytics never scans the charges.
    await q.query(`
      CREATE TABLE daily_totals (
        day date NOT NULL,
        source text NOT NULL,
        donation_type text NOT NULL,
        brand text NOT NULL,
        amount bigint NOT NULL DEFAULT 0,
        count integer NOT NULL DEFAULT 0,
        PRIMARY KEY (day, source, donation_type, brand)
      )`);
    await q.query(`
      CREATE TABLE donor_totals (
        customer_id text PRIMARY KEY,
        total_amount bigint NOT NULL DEFAULT 0,
        donation_count integer NOT NULL DEFAULT 0,
        first_gift_at timestamptz,
        last_gift_at timestamptz
      )`);
    await q.query(`CREATE INDEX donor_totals_last_gift_idx ON donor_totals (last_gift_at)`);

    await q.query(`
      CREATE TABLE admin_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        admin_id uuid NOT NULL REFERENCES admins(id) ON DELETE CASCADE,
        token_hash bytea NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        idle_expires_at timestamptz NOT NULL,
        absolute_expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        ip text,
        user_agent text
      )`);
    await q.query(`CREATE INDEX admin_sessions_admin_idx ON admin_sessions (admin_id)`);

    await q.query(`
      CREATE TABLE password_reset_tokens (
        ${adminTokenColumns1763760000000},
        revoked_at timestamptz
      )`);

    await q.query(`
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        admin_id uuid,
        action text NOT NULL,
        email_tried text,
        success boolean,
        ip text,
        user_agent text,
        details jsonb NOT NULL DEFAULT '{}'::jsonb
      )`);
    await q.query(`CREATE INDEX audit_log_at_idx ON audit_log (at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'audit_log',
      'password_reset_tokens',
      'admin_sessions',
      'donor_totals',
      'daily_totals',
      'manual_donations',
      'admins',
      'donation_records',
      'charges',
      'invoices',
      'subscriptions',
      'payment_intents',
      'payment_methods',
      'donors',
      'stripe_events',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
