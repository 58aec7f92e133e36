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
 * - plan_totals: plans and their amounts by (plan_status, frequency); recurring_donors: each donor's number of
 *   active plans; recurring_totals: how many donors have one. Kept by a trigger on subscriptions, so the
 *   summary reads a dozen rows however many plans there are. A trigger rather than a writer in TypeScript (as
 *   donor_totals has): every writer of subscriptions (the projection, a backfill, a bulk load, a TRUNCATE in
 *   a replay) keeps it exact without knowing about it, and plan_status is only known in the database. Both
 *   deltas of a change go in one statement in key order, so two workers moving plans between the same two
 *   statuses lock the rows in the same order. Renewals (only dates change) touch none of them.
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
    await q.query(
      `UPDATE subscriptions SET start_date = created, ended_at = CASE WHEN status IN ('canceled', 'incomplete_expired') THEN canceled_at END`,
    );
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
    await q.query(
      `CREATE INDEX subscriptions_active_idx ON subscriptions (customer_id) INCLUDE (amount, frequency) WHERE plan_status = 'active'`,
    );
    await q.query(`CREATE INDEX subscriptions_ended_idx ON subscriptions (ended_at) WHERE plan_status = 'canceled'`);

    await q.query(`
      CREATE TABLE plan_totals (
        plan_status text NOT NULL,
        frequency text NOT NULL,
        plans integer NOT NULL DEFAULT 0,
        amount bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (plan_status, frequency)
      )`);
    await q.query(`CREATE TABLE recurring_donors (customer_id text PRIMARY KEY, active_plans integer NOT NULL)`);
    await q.query(
      `CREATE TABLE recurring_totals (id boolean PRIMARY KEY DEFAULT true CHECK (id), active_donors integer NOT NULL DEFAULT 0)`,
    );
    // The plans already projected (as core's rebuildPlanTotals counted them when this was written); then the trigger.
    await q.query(`INSERT INTO plan_totals (plan_status, frequency, plans, amount)
      SELECT plan_status, coalesce(frequency, ''), count(*), coalesce(sum(amount), 0) FROM subscriptions GROUP BY 1, 2`);
    await q.query(`INSERT INTO recurring_donors (customer_id, active_plans)
      SELECT customer_id, count(*) FROM subscriptions WHERE plan_status = 'active' AND customer_id IS NOT NULL GROUP BY 1`);
    await q.query(`INSERT INTO recurring_totals (id, active_donors) SELECT true, count(*) FROM recurring_donors`);
    await q.query(`
      CREATE FUNCTION plan_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        os text; ofr text; oa bigint; oc text; ns text; nfr text; na bigint; nc text; left_plans integer; donors integer := 0;
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          os := OLD.plan_status; ofr := coalesce(OLD.frequency, ''); oa := coalesce(OLD.amount, 0);
          oc := CASE WHEN OLD.plan_status = 'active' THEN OLD.customer_id END;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          ns := NEW.plan_status; nfr := coalesce(NEW.frequency, ''); na := coalesce(NEW.amount, 0);
          nc := CASE WHEN NEW.plan_status = 'active' THEN NEW.customer_id END;
        END IF;
        IF os IS DISTINCT FROM ns OR ofr IS DISTINCT FROM nfr OR oa IS DISTINCT FROM na THEN
          INSERT INTO plan_totals AS t (plan_status, frequency, plans, amount)
          SELECT d.s, d.f, sum(d.n), sum(d.a)
            FROM (VALUES (os, ofr, -1, -oa), (ns, nfr, 1, na)) d(s, f, n, a)
           WHERE d.s IS NOT NULL
           GROUP BY d.s, d.f ORDER BY d.s, d.f
          ON CONFLICT (plan_status, frequency) DO UPDATE SET plans = t.plans + EXCLUDED.plans, amount = t.amount + EXCLUDED.amount;
        END IF;
        IF oc IS DISTINCT FROM nc THEN
          IF oc IS NOT NULL THEN
            UPDATE recurring_donors SET active_plans = active_plans - 1 WHERE customer_id = oc RETURNING active_plans INTO left_plans;
            IF left_plans = 0 THEN
              DELETE FROM recurring_donors WHERE customer_id = oc;
              donors := donors - 1;
            END IF;
          END IF;
          IF nc IS NOT NULL THEN
            INSERT INTO recurring_donors AS r (customer_id, active_plans) VALUES (nc, 1)
              ON CONFLICT (customer_id) DO UPDATE SET active_plans = r.active_plans + 1
              RETURNING active_plans INTO left_plans;
            IF left_plans = 1 THEN donors := donors + 1; END IF;
          END IF;
          IF donors <> 0 THEN UPDATE recurring_totals SET active_donors = active_donors + donors; END IF;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE FUNCTION plan_totals_clear() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN DELETE FROM plan_totals; DELETE FROM recurring_donors; UPDATE recurring_totals SET active_donors = 0; RETURN NULL; END $$`);
    await q.query(
      `CREATE TRIGGER subscriptions_plan_totals AFTER INSERT OR UPDATE OR DELETE ON subscriptions FOR EACH ROW EXECUTE FUNCTION plan_totals_apply()`,
    );
    await q.query(
      `CREATE TRIGGER subscriptions_plan_totals_truncate AFTER TRUNCATE ON subscriptions FOR EACH STATEMENT EXECUTE FUNCTION plan_totals_clear()`,
    );

    await q.query(`
      ALTER TABLE invoices
        ADD COLUMN amount_due bigint NOT NULL DEFAULT 0,
        ADD COLUMN attempt_count integer NOT NULL DEFAULT 0,
        ADD COLUMN next_payment_attempt timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE invoices DROP COLUMN next_payment_attempt, DROP COLUMN attempt_count, DROP COLUMN amount_due`,
    );
    await q.query(`DROP TRIGGER IF EXISTS subscriptions_plan_totals_truncate ON subscriptions`);
    await q.query(`DROP TRIGGER IF EXISTS subscriptions_plan_totals ON subscriptions`);
    await q.query(`DROP FUNCTION IF EXISTS plan_totals_clear()`);
    await q.query(`DROP FUNCTION IF EXISTS plan_totals_apply()`);
    await q.query(`DROP TABLE IF EXISTS recurring_totals, recurring_donors, plan_totals`);
    for (const idx of [
      'subscriptions_ended_idx',
      'subscriptions_active_idx',
      'subscriptions_plan_status_idx',
      'subscriptions_started_idx',
    ]) {
      await q.query(`DROP INDEX IF EXISTS ${idx}`);
    }
    await q.query(`
      ALTER TABLE subscriptions DROP COLUMN plan_status, DROP COLUMN default_payment_method, DROP COLUMN pause_collection,
        DROP COLUMN cancel_at, DROP COLUMN ended_at, DROP COLUMN start_date`);
  }
}
