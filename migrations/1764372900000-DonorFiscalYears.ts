import type { MigrationInterface, QueryRunner } from 'typeorm';
import { rebuildDonorFiscalYears } from '../core/src/read-model/aggregates.js';

/**
 * donor_fiscal_years: each donor's gifts per fiscal year (the start month an owner sets on the Settings page,
 * named by the calendar year in which it ends), kept with donor_years by applyContributionChange and rebuilt
 * when the start month changes. The retention reports of a fiscal year read it as those of a calendar year
 * read donor_years. With the default January start its rows are donor_years' rows.
 */
export class DonorFiscalYears1764372900000 implements MigrationInterface {
  name = 'DonorFiscalYears1764372900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE donor_fiscal_years (
        year smallint NOT NULL,
        customer_id text NOT NULL,
        amount bigint NOT NULL DEFAULT 0,
        count integer NOT NULL DEFAULT 0,
        PRIMARY KEY (year, customer_id)
      )`);
    await q.query(`CREATE INDEX donor_fiscal_years_customer_idx ON donor_fiscal_years (customer_id, year)`);
    await rebuildDonorFiscalYears(q, process.env.TIME_ZONE || 'America/Chicago');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE donor_fiscal_years`);
  }
}
