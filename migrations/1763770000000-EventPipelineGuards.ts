import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Columns the worker's ordering guard needs beyond the first schema:
 * - a dispute's own watermark on charges (dispute events carry the dispute, not the charge, so they are
 *   ordered separately from the charge's own events and never overwrite each other's columns);
 * - state_rank on payment intents, subscriptions and invoices, to break ties between events of one second;
 * - an index for the relay's scan of inbox rows that were never (or long ago) enqueued.
 */
export class EventPipelineGuards1763770000000 implements MigrationInterface {
  name = 'EventPipelineGuards1763770000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE charges
      ADD COLUMN dispute_id text,
      ADD COLUMN dispute_event_created bigint NOT NULL DEFAULT 0,
      ADD COLUMN dispute_rank integer NOT NULL DEFAULT 0`);
    await q.query(`CREATE INDEX charges_subscription_idx ON charges (subscription_id)`);
    for (const table of ['payment_intents', 'subscriptions', 'invoices']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN state_rank integer NOT NULL DEFAULT 0`);
    }
    await q.query(`CREATE INDEX stripe_events_created_idx ON stripe_events (created)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS stripe_events_created_idx`);
    for (const table of ['payment_intents', 'subscriptions', 'invoices']) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN IF EXISTS state_rank`);
    }
    await q.query(`DROP INDEX IF EXISTS charges_subscription_idx`);
    await q.query(
      `ALTER TABLE charges DROP COLUMN dispute_id, DROP COLUMN dispute_event_created, DROP COLUMN dispute_rank`,
    );
  }
}
