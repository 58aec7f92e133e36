import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * monthly_totals: the same buckets as daily_totals, one row per month. All-time analytics (totals,
 * frequency and card-brand breakdowns, monthly trends) read these few hundred rows; summing daily_totals
 * instead grew with every day of history and every bucket filled, which made analytics slower as the
 * school's history grew.
 */
export class MonthlyTotals1763900000000 implements MigrationInterface {
  name = 'MonthlyTotals1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE monthly_totals (
        month date NOT NULL,
        source text NOT NULL,
        donation_type text NOT NULL,
        brand text NOT NULL,
        amount bigint NOT NULL DEFAULT 0,
        count integer NOT NULL DEFAULT 0,
        PRIMARY KEY (month, source, donation_type, brand)
      )`);
    await q.query(`
      INSERT INTO monthly_totals (month, source, donation_type, brand, amount, count)
      SELECT date_trunc('month', day)::date, source, donation_type, brand, sum(amount), sum(count)
        FROM daily_totals GROUP BY 1, 2, 3, 4`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE monthly_totals`);
  }
}
