import type { MigrationInterface, QueryRunner } from 'typeorm';
import { donorGiftsByYear1764360000000 } from './frozen-sql.js';

/**
 * donor_fiscal_years: each donor's gifts per fiscal year (the start month an owner sets on the Settings page,
 * named by the calendar year in which it ends), kept with donor_years by applyContributionChange and rebuilt
 * when the start month changes. The retention reports of a fiscal year read it as those of a calendar year
 * read donor_years. With the default January start its rows are donor_years' rows.
 * The backfill is the SQL of core's rebuildDonorFiscalYears when this migration was written (the start month read
 * from settings in the same statement; a local date shifted by (13 - start) % 12 months lands in the calendar year
 * that names its fiscal year), copied here because a migration must mean the same thing whatever core becomes.
 */
export class DonorFiscalYears1764372900000 implements MigrationInterface {
  name = 'DonorFiscalYears1764372900000';

  async up(q: QueryRunner): Promise<void> {
    // The same columns as donor_years (year, customer_id, amount, count), keyed the same way.
    await q.query(
      `CREATE TABLE donor_fiscal_years (LIKE donor_years INCLUDING DEFAULTS, PRIMARY KEY (year, customer_id))`,
    );
    await q.query(`CREATE INDEX donor_fiscal_years_customer_idx ON donor_fiscal_years (customer_id, year)`);
    await q.query(
      `INSERT INTO donor_fiscal_years (year, customer_id, amount, count)
       SELECT extract(year FROM (at AT TIME ZONE $1::text) + make_interval(months => (13 - COALESCE(
                (SELECT (value #>> '{}')::int FROM settings WHERE key = 'reports.fiscal_year_start_month'), 1)) % 12))::smallint,
              customer_id, sum(net), count(*) FROM (
         ${donorGiftsByYear1764360000000}`,
      [process.env.TIME_ZONE || 'America/Chicago'],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE donor_fiscal_years`);
  }
}
