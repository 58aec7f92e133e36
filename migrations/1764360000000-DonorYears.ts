import type { MigrationInterface, QueryRunner } from 'typeorm';
import { donorGiftsByYear1764360000000 } from './frozen-sql.js';

/**
 * donor_years: each donor's gifts per calendar year (in the school's TIME_ZONE), kept incrementally by
 * applyContributionChange like donor_totals. The retention reports (retention rate, LYBUNT, SYBUNT) ask "did
 * this donor give in year Y?" for 100k donors at once; with this table that is an index probe per donor
 * instead of a scan of a year of charges. A row exists only while the donor has at least one gift that year.
 *
 * The backfill reads TIME_ZONE from the environment the migration runs in (the app's default otherwise), the
 * same zone the API and worker bucket gifts in. It is the SQL of core's rebuildDonorYears when this migration was
 * written (a gift's net: its amount less refunds, nothing while a dispute not won holds it), copied here because
 * a migration must mean the same thing whatever core becomes.
 */
export class DonorYears1764360000000 implements MigrationInterface {
  name = 'DonorYears1764360000000';

  async up(q: QueryRunner): Promise<void> {
    const timeZone = process.env.TIME_ZONE || 'America/Chicago';
    await q.query(`
      CREATE TABLE donor_years (
        year smallint NOT NULL,
        customer_id text NOT NULL,
        amount bigint NOT NULL DEFAULT 0,
        count integer NOT NULL DEFAULT 0,
        PRIMARY KEY (year, customer_id)
      )`);
    await q.query(`CREATE INDEX donor_years_customer_idx ON donor_years (customer_id, year)`);
    // First-time donors of a year are read by the date of their first gift.
    await q.query(`CREATE INDEX donor_totals_first_gift_idx ON donor_totals (first_gift_at)`);
    // The donors not listed (deleted, or a card attempt that never became a gift): few, excluded by a hashed list.
    await q.query(`CREATE INDEX donors_unlisted_idx ON donors (id) WHERE deleted_at IS NOT NULL OR NOT is_donor`);
    await q.query(
      `INSERT INTO donor_years (year, customer_id, amount, count)
       SELECT extract(year FROM at AT TIME ZONE $1)::smallint, customer_id, sum(net), count(*) FROM (
         ${donorGiftsByYear1764360000000}`,
      [timeZone],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS donors_unlisted_idx`);
    await q.query(`DROP INDEX IF EXISTS donor_totals_first_gift_idx`);
    await q.query(`DROP TABLE donor_years`);
  }
}
