import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Year-end statements come in versions: interim (sent before the year is over), final, and corrected (a final one
 * sent again because the donor's gifts of that year changed). Each statement message records its version and a
 * fingerprint of the gifts it was queued for, so the year's final send reaches exactly the donors never sent a
 * final statement or whose gifts changed since, and the year's history shows who got which version.
 * Rows queued before this migration have no edition: they read as sent before the year's final send.
 */
export class StatementEditions1764670000000 implements MigrationInterface {
  name = 'StatementEditions1764670000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbound_mail
      ADD COLUMN statement_edition text CHECK (statement_edition IN ('interim', 'final', 'corrected')),
      ADD COLUMN statement_fingerprint text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbound_mail DROP COLUMN statement_fingerprint, DROP COLUMN statement_edition`);
  }
}
