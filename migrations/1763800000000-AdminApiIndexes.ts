import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the admin API's reads:
 * - deleted donors (few): the donor-list summary counts every donor_totals row and subtracts the deleted
 *   donors' share, instead of joining 100k donors to 100k totals on every page view.
 */
export class AdminApiIndexes1763800000000 implements MigrationInterface {
  name = 'AdminApiIndexes1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX donors_deleted_idx ON donors (id) WHERE deleted_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS donors_deleted_idx`);
  }
}
