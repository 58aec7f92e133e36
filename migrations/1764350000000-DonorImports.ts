import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Importing donors and past gifts from a CSV.
 * - donor_imports: one uploaded file: its header row, the column mapping the admin chose, and progress.
 * - donor_import_rows: the file's rows, staged so that the preview and the import read them back in batches
 *   (a 100k-row file never sits in the API's memory). The preview writes each row's outcome (new donor, matched
 *   donor, already imported, error and why) and its idempotency key. Rows are deleted when the import finishes.
 * - imported_gifts: the idempotency key (a hash of the normalized row) of every gift an import added. Importing
 *   the same row again finds its key here and adds nothing. Deleting the manual gift frees its key.
 */
export class DonorImports1764350000000 implements MigrationInterface {
  name = 'DonorImports1764350000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE donor_imports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        file_name text NOT NULL,
        headers text[] NOT NULL,
        row_count integer NOT NULL,
        mapping jsonb,
        status text NOT NULL DEFAULT 'uploaded',
        gifts_added integer NOT NULL DEFAULT 0,
        donors_created integer NOT NULL DEFAULT 0,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(`
      CREATE TABLE donor_import_rows (
        import_id uuid NOT NULL REFERENCES donor_imports (id) ON DELETE CASCADE,
        row_number integer NOT NULL,
        cells text[] NOT NULL,
        outcome text,
        reason text,
        row_key text,
        donor_key text,
        customer_id text,
        gift jsonb,
        done boolean NOT NULL DEFAULT false,
        PRIMARY KEY (import_id, row_number)
      )`);
    await q.query(
      `CREATE INDEX donor_import_rows_pending_idx ON donor_import_rows (import_id, row_number) WHERE NOT done AND outcome IN ('new', 'matched')`,
    );
    await q.query(
      `CREATE INDEX donor_import_rows_donor_idx ON donor_import_rows (import_id, donor_key) WHERE customer_id IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE imported_gifts (
        row_key text PRIMARY KEY,
        manual_donation_id uuid REFERENCES manual_donations (id) ON DELETE CASCADE,
        import_id uuid NOT NULL,
        imported_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX imported_gifts_manual_idx ON imported_gifts (manual_donation_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS imported_gifts`);
    await q.query(`DROP TABLE IF EXISTS donor_import_rows`);
    await q.query(`DROP TABLE IF EXISTS donor_imports`);
  }
}
