import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * balance_transactions_created_idx: reads of Stripe's money lines by the time they were made, newest first or in
 * a range. Cover-the-fees reads the fee rate from the last 90 days' card charges (the newest 500); the
 * Month-end view splits a month's lines by method and fund. Without it both read every line ever stored: on a
 * million lines the fee-rate read took 608 ms (a parallel sequential scan and a sort), with it 34 ms (a
 * backward index scan that stops at 500 rows).
 */
export class BalanceTransactionsCreated1764706000000 implements MigrationInterface {
  name = 'BalanceTransactionsCreated1764706000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX balance_transactions_created_idx ON balance_transactions (created)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS balance_transactions_created_idx`);
  }
}
