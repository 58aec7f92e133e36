import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The inbox (stripe_events) learns two states beyond processed:
 * - rejected_reason: a validly signed event that failed the sanity checks (dated in the future, the other
 *   mode's livemode, not USD, an impossible amount). It is kept, acknowledged and never projected.
 * - payload_pruned_at: the event's payload, which carries donors' names, e-mails and addresses, was replaced
 *   by a stub after the retention period (INBOX_RETENTION_DAYS); id, type and created stay for ordering
 *   and bookkeeping.
 * The partial indexes keep the health count of rejected events and the pruner's scan small.
 */
export class InboxRejectionAndRetention1764070000000 implements MigrationInterface {
  name = 'InboxRejectionAndRetention1764070000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE stripe_events ADD COLUMN rejected_reason text, ADD COLUMN payload_pruned_at timestamptz`,
    );
    await q.query(
      `CREATE INDEX stripe_events_rejected_idx ON stripe_events (received_at) WHERE rejected_reason IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX stripe_events_prunable_idx ON stripe_events (processed_at) WHERE processed_at IS NOT NULL AND payload_pruned_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS stripe_events_prunable_idx`);
    await q.query(`DROP INDEX IF EXISTS stripe_events_rejected_idx`);
    await q.query(`ALTER TABLE stripe_events DROP COLUMN payload_pruned_at, DROP COLUMN rejected_reason`);
  }
}
