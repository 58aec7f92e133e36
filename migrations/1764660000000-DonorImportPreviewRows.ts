import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The import preview lists every row (its date, amount, type and fund, as read) and every problem of a bad row
 * with the text that failed, and totals the file's amounts.
 * - shown: what the preview lists of the row: name, e-mail, date, amountCents (null when unreadable), the amount's
 *   text, type and fund.
 * - amount_cents: the row's amount by the manual gifts' amount rule (null when unreadable), for the file's total.
 * - problems: every problem of a bad row, [{field, value, message}]; it replaces reason (one sentence).
 * Rows staged by an unfinished import are previewed again before they can be imported, so nothing is carried over.
 */
export class DonorImportPreviewRows1764660000000 implements MigrationInterface {
  name = 'DonorImportPreviewRows1764660000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE donor_import_rows ADD COLUMN shown jsonb, ADD COLUMN amount_cents bigint, ADD COLUMN problems jsonb, DROP COLUMN reason`,
    );
    await q.query(`UPDATE donor_imports SET status = 'uploaded' WHERE status = 'previewed'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE donor_import_rows ADD COLUMN reason text, DROP COLUMN problems, DROP COLUMN amount_cents, DROP COLUMN shown`,
    );
  }
}
