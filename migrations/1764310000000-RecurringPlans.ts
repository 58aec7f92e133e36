import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recurring plans as the admin's Recurring view and the donor's own page read them.
 * - subscriptions: what Stripe says about the plan's life (start_date, ended_at, cancel_at, pause_collection,
 *   default_payment_method) and `plan_status`, the one status the screens show, derived in the database so that
 *   the status filter and the summary run on an index: canceled (canceled, incomplete_expired), incomplete,
 *   paused (collection paused, or Stripe's own `paused`), past_due (past_due, unpaid), else active (active,
 *   trialing). A paused plan that is also past due shows as paused: nothing is being collected.
 * - invoices: the failed attempts of a renewal (amount_due, attempt_count, next_payment_attempt), so a plan's
 *   failed invoices are the open or uncollectible ones with at least one attempt.
 * Rows projected before this migration get the new columns from their next event (or `npm run stripe:backfill`);
 * until then start_date is the subscription's created and ended_at the canceled_at of a canceled one.
 */
export class RecurringPlans1764310000000 implements MigrationInterface {
  name = 'RecurringPlans1764310000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE subscriptions
        ADD COLUMN start_date timestamptz,
        ADD COLUMN ended_at timestamptz,
        ADD COLUMN cancel_at timestamptz,
        ADD COLUMN pause_collection jsonb,
        ADD COLUMN default_payment_method text`);
    await q.query(`UPDATE subscriptions SET start_date = created, ended_at = CASE WHEN status IN ('canceled', 'incomplete_expired') THEN canceled_at END`);
    await q.query(`
      ALTER TABLE subscriptions ADD COLUMN plan_status text GENERATED ALWAYS AS (
        CASE
          WHEN status IN ('canceled', 'incomplete_expired') THEN 'canceled'
          WHEN status = 'incomplete' THEN 'incomplete'
          WHEN status = 'paused' OR pause_collection IS NOT NULL THEN 'paused'
          WHEN status IN ('past_due', 'unpaid') THEN 'past_due'
          ELSE 'active'
        END) STORED`);
    // The plans table, newest first, whole or by status; keyset pages walk these.
    await q.query(`CREATE INDEX subscriptions_started_idx ON subscriptions (created DESC, id DESC)`);
    await q.query(`CREATE INDEX subscriptions_plan_status_idx ON subscriptions (plan_status, created DESC, id DESC)`);
    // The summary: active plans' donors and amounts read from the index alone; recent cancellations by date.
    await q.query(`CREATE INDEX subscriptions_active_idx ON subscriptions (customer_id) INCLUDE (amount, frequency) WHERE plan_status = 'active'`);
    await q.query(`CREATE INDEX subscriptions_ended_idx ON subscriptions (ended_at) WHERE plan_status = 'canceled'`);

    await q.query(`
      ALTER TABLE invoices
        ADD COLUMN amount_due bigint NOT NULL DEFAULT 0,
        ADD COLUMN attempt_count integer NOT NULL DEFAULT 0,
        ADD COLUMN next_payment_attempt timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE invoices DROP COLUMN next_payment_attempt, DROP COLUMN attempt_count, DROP COLUMN amount_due`);
    for (const idx of ['subscriptions_ended_idx', 'subscriptions_active_idx', 'subscriptions_plan_status_idx', 'subscriptions_started_idx']) {
      await q.query(`DROP INDEX IF EXISTS ${idx}`);
    }
    await q.query(`
      ALTER TABLE subscriptions DROP COLUMN plan_status, DROP COLUMN default_payment_method, DROP COLUMN pause_collection,
        DROP COLUMN cancel_at, DROP COLUMN ended_at, DROP COLUMN start_date`);
  }
}
