import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Donor mail: acknowledgments of gifts, their corrections and voids, and year-end statements.
 * - outbound_mail: the outbox. One row per message, UNIQUE (kind, subject_key), so a message about one thing
 *   (`card:ch_1`, `cus_1:2026`...) is queued once however many workers or replays ask. The row names what the
 *   message is about, never its text: the worker builds the text from the read model when it sends. Rows are
 *   claimed with a lease (status 'sending', next_attempt_at = end of the lease), retried with backoff, and end
 *   'sent' or 'failed'.
 * - gift_acknowledgments: one row per acknowledged gift with its receipt number (year + sequence, from
 *   receipt_counters in the same transaction, so numbers have no gaps) and the refund state last told to
 *   the donor, so a refund becomes a correction or a void, never a silent edit.
 * - manual_donations: what a non-cash gift was (stock, item, crypto) and, for a gift that bought goods or
 *   services, what the donor received and its fair-market value (the quid-pro-quo disclosure).
 * - settings 'acknowledgments.automatic': on for new installs, stamped with the moment of this migration, so
 *   gifts already in the database (history) are never mailed.
 */
export class MailOutbox1764215000000 implements MigrationInterface {
  name = 'MailOutbox1764215000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE receipt_counters (year integer PRIMARY KEY, last_number integer NOT NULL)`);
    await q.query(`
      CREATE TABLE gift_acknowledgments (
        gift_kind text NOT NULL CHECK (gift_kind IN ('card', 'manual')),
        gift_id text NOT NULL,
        customer_id text,
        recipient text,
        receipt_year integer NOT NULL,
        receipt_seq integer NOT NULL,
        gift_at timestamptz NOT NULL,
        amount bigint NOT NULL,
        stated_refunded bigint NOT NULL DEFAULT 0,
        voided_at timestamptz,
        origin text NOT NULL CHECK (origin IN ('automatic', 'admin')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (gift_kind, gift_id),
        UNIQUE (receipt_year, receipt_seq)
      )`);
    await q.query(`CREATE INDEX gift_acknowledgments_customer_idx ON gift_acknowledgments (customer_id)`);

    await q.query(`
      CREATE TABLE outbound_mail (
        id bigserial PRIMARY KEY,
        kind text NOT NULL,
        subject_key text NOT NULL,
        recipient text NOT NULL,
        customer_id text,
        gift_kind text,
        gift_id text,
        statement_year integer,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        sent_at timestamptz,
        requested_by uuid REFERENCES admins(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (kind, subject_key)
      )`);
    await q.query(
      `CREATE INDEX outbound_mail_due_idx ON outbound_mail (next_attempt_at) WHERE status IN ('queued', 'sending')`,
    );
    await q.query(`CREATE INDEX outbound_mail_customer_idx ON outbound_mail (customer_id, created_at DESC)`);
    await q.query(
      `CREATE INDEX outbound_mail_statement_idx ON outbound_mail (statement_year, customer_id) WHERE kind = 'statement'`,
    );
    await q.query(`CREATE INDEX outbound_mail_failed_idx ON outbound_mail (created_at DESC) WHERE status = 'failed'`);
    // The acknowledger looks for refunds of acknowledged gifts; refunded charges are few, so this index is small.
    await q.query(`CREATE INDEX charges_refunded_idx ON charges (id) WHERE amount_refunded > 0`);

    await q.query(`ALTER TABLE manual_donations
      ADD COLUMN gift_description text,
      ADD COLUMN goods_description text,
      ADD COLUMN goods_value bigint CHECK (goods_value >= 0)`);

    await q.query(`
      INSERT INTO settings (key, value) VALUES ('acknowledgments.automatic', jsonb_build_object('enabled', true, 'since', to_jsonb(now())))
      ON CONFLICT (key) DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM settings WHERE key = 'acknowledgments.automatic'`);
    await q.query(
      `ALTER TABLE manual_donations DROP COLUMN goods_value, DROP COLUMN goods_description, DROP COLUMN gift_description`,
    );
    await q.query(`DROP INDEX IF EXISTS charges_refunded_idx`);
    await q.query(`DROP TABLE outbound_mail`);
    await q.query(`DROP TABLE gift_acknowledgments`);
    await q.query(`DROP TABLE receipt_counters`);
  }
}
