import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Money movement from Stripe: payouts (the deposits that reach the school's bank) and balance transactions
 * (each charge's gross, Stripe fee and net, each refund and dispute adjustment, and which payout carried it).
 * - payouts: one row per payout, guarded by (last_event_created, state_rank) like the other Stripe tables;
 *   lines_synced_at marks that the payout's balance transactions were read once its reconciliation completed.
 * - balance_transactions: payout_id stays null while the money is in the Stripe balance (the pending balance);
 *   charge_id ties a charge's, refund's or dispute's line to the gift it belongs to (payee, memo).
 * No donor data is kept here: names come from charges and donors when a payout is shown.
 */
export class MoneyMovement1764340000000 implements MigrationInterface {
  name = 'MoneyMovement1764340000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payouts (
        id text PRIMARY KEY,
        amount bigint NOT NULL,
        currency text NOT NULL,
        status text NOT NULL,
        arrival_date timestamptz NOT NULL,
        created timestamptz NOT NULL,
        failure_code text,
        failure_message text,
        reconciliation_status text,
        lines_synced_at timestamptz,
        last_event_created bigint NOT NULL DEFAULT 0,
        state_rank integer NOT NULL DEFAULT 0
      )`);
    await q.query(`CREATE INDEX payouts_arrival_idx ON payouts (arrival_date DESC, id DESC)`);
    await q.query(`
      CREATE TABLE balance_transactions (
        id text PRIMARY KEY,
        type text NOT NULL,
        reporting_category text NOT NULL,
        amount bigint NOT NULL,
        fee bigint NOT NULL,
        net bigint NOT NULL,
        currency text NOT NULL,
        source_id text,
        charge_id text,
        payout_id text,
        created timestamptz NOT NULL,
        available_on timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX balance_transactions_payout_idx ON balance_transactions (payout_id, created, id)`);
    await q.query(
      `CREATE INDEX balance_transactions_unpaid_idx ON balance_transactions (created) WHERE payout_id IS NULL`,
    );
    await q.query(`CREATE INDEX balance_transactions_charge_idx ON balance_transactions (charge_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS balance_transactions`);
    await q.query(`DROP TABLE IF EXISTS payouts`);
  }
}
