import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * donor_sessions.customer_ids goes: a donor session's reach is read from the read model at every request (by its
 * link's e-mail), so the list kept at sign-in was written and never read, and a stale copy of who the donor is.
 * Going back restores the column from the session's link (what sign-in wrote into it).
 */
export class DonorSessionReach1764710000000 implements MigrationInterface {
  name = 'DonorSessionReach1764710000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS donor_sessions_customers_idx`);
    await q.query(`ALTER TABLE donor_sessions DROP COLUMN customer_ids`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE donor_sessions ADD COLUMN customer_ids text[] NOT NULL DEFAULT '{}'`);
    await q.query(
      `UPDATE donor_sessions s SET customer_ids = l.customer_ids FROM donor_links l WHERE l.id = s.link_id`,
    );
    await q.query(`ALTER TABLE donor_sessions ALTER COLUMN customer_ids DROP DEFAULT`);
    await q.query(`CREATE INDEX donor_sessions_customers_idx ON donor_sessions USING gin (customer_ids)`);
  }
}
