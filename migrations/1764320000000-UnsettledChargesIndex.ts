import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Charges that did not succeed (failed, pending) are a small share of all charges and are not in the daily and
 * monthly totals. A partial index on them lets Insights count the failed ones for the Transaction Success Rate,
 * and the ledger add them to the totals it reads from daily_totals, without reading the succeeded million.
 */
export class UnsettledChargesIndex1764320000000 implements MigrationInterface {
  name = 'UnsettledChargesIndex1764320000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX charges_unsettled_idx ON charges (created, status, brand) WHERE status <> 'succeeded'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS charges_unsettled_idx`);
  }
}
