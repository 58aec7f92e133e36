import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Tribute notices are capped at one per address per day: the check reads this index (tribute rows only), keyed by donor identity (email_key, 1764610000000). */
export class TributeNoticeCap1764620000001 implements MigrationInterface {
  name = 'TributeNoticeCap1764620000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX outbound_mail_tribute_recipient_idx ON outbound_mail (email_key(recipient), created_at DESC) WHERE kind = 'tribute'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS outbound_mail_tribute_recipient_idx`);
  }
}
