import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each appeal's "Show recent gifts on the page" switch (issue 30: the most recent gifts by first name and city are
 * off by default). The appeals that exist keep showing them (the column is added true for them); an appeal created
 * from now on starts with them off until staff turn them on.
 */
export class AppealRecentGifts1764890000000 implements MigrationInterface {
  name = 'AppealRecentGifts1764890000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE appeals ADD COLUMN show_recent_gifts boolean NOT NULL DEFAULT true`);
    await q.query(`ALTER TABLE appeals ALTER COLUMN show_recent_gifts SET DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE appeals DROP COLUMN show_recent_gifts`);
  }
}
