import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Insights' Transaction Success Rate divides the succeeded card charges (already counted in monthly_totals)
 * by those plus the failed ones. Failed charges are a small share of all charges, so a partial index on them
 * lets the count read only those rows, and the analytics answer stays flat as the history grows.
 */
export class FailedChargesIndex1764320000000 implements MigrationInterface {
  name = 'FailedChargesIndex1764320000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX charges_failed_idx ON charges (created) WHERE status = 'failed'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS charges_failed_idx`);
  }
}
