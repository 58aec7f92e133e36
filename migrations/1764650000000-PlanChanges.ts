import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * plan_changes: each change to a recurring gift made by the donor on their page or by an admin on their behalf
 * (amount, pause, resume, cancel, card or account), as it was when it was made: what it was and when it takes
 * effect. The change's confirmation e-mail is queued in the outbox in the same transaction (kind 'plan-change',
 * subject_key the row's id), so one change is confirmed once, and its text is what was true at the time, not what
 * the gift became later.
 */
export class PlanChanges1764650000000 implements MigrationInterface {
  name = 'PlanChanges1764650000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE plan_changes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        subscription_id text NOT NULL,
        customer_id text NOT NULL,
        action text NOT NULL CHECK (action IN ('amount', 'pause', 'resume', 'cancel', 'card')),
        actor_kind text NOT NULL CHECK (actor_kind IN ('donor', 'admin')),
        admin_id uuid REFERENCES admins(id) ON DELETE SET NULL,
        frequency text,
        amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
        from_cents bigint CHECK (from_cents >= 0),
        fee_coverage_cents bigint NOT NULL DEFAULT 0 CHECK (fee_coverage_cents >= 0),
        method text,
        ends_now boolean NOT NULL DEFAULT false,
        effective_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX plan_changes_subscription_idx ON plan_changes (subscription_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE plan_changes`);
  }
}
