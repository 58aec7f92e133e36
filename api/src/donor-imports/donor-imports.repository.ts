import { Injectable } from '@nestjs/common';
import { donorsByEmail } from '../../../core/src/donor-identity/donors-by-email.js';
import type { Queryable } from '../../../core/src/db/queryable.js';
import type { ManualDonationInput } from '../manual-donations/manual-donation.validation.js';
import type { ColumnMapping } from '../../../core/src/donor-imports/column-mapping.js';
import type { RowProblem, ShownRow } from './import-row.js';

export interface DonorImportRow {
  id: string;
  file_name: string;
  headers: string[];
  row_count: number;
  mapping: ColumnMapping | null;
  status: 'uploading' | 'uploaded' | 'previewed' | 'importing' | 'done';
  gifts_added: number;
  donors_created: number;
}

export type Outcome = 'new' | 'matched' | 'imported' | 'error';

export interface RowOutcome {
  rowNumber: number;
  outcome: Outcome;
  shown: ShownRow;
  problems?: RowProblem[];
  rowKey?: string;
  donorKey?: string;
  customerId?: string | null;
  gift?: StagedGift;
}

/** What the import needs of a checked row (dates as ISO text: it is stored as JSON between preview and import). */
export type StagedGift = Omit<ManualDonationInput, 'donationDate'> & {
  donationDate: string;
  address: { line1: string | null; city: string | null; state: string | null; postal_code: string | null };
};

export interface PendingRow {
  row_number: number;
  outcome: 'new' | 'matched';
  row_key: string;
  donor_key: string;
  customer_id: string | null;
  gift: StagedGift;
}

/** What the aggregates need of an inserted manual gift. */
export type ManualGiftFacts = {
  amount: string;
  donation_type: string;
  stripe_customer_id: string | null;
  donation_date: Date;
  appeal_id: string | null;
};

/** donor_imports, donor_import_rows and imported_gifts: all SQL of the CSV import. */
@Injectable()
export class DonorImportsRepository {
  async create(db: Queryable, fileName: string, createdBy: string | null): Promise<string> {
    const [row] = await db.query(
      `INSERT INTO donor_imports (file_name, headers, row_count, status, created_by) VALUES ($1, '{}', 0, 'uploading', $2) RETURNING id`,
      [fileName, createdBy],
    );
    return row.id;
  }

  async stage(db: Queryable, importId: string, rows: { rowNumber: number; cells: string[] }[]): Promise<void> {
    await db.query(
      `INSERT INTO donor_import_rows (import_id, row_number, cells)
       SELECT $1, r.n, ARRAY(SELECT jsonb_array_elements_text(r.cells))
         FROM jsonb_to_recordset($2::jsonb) AS r(n integer, cells jsonb)`,
      [importId, JSON.stringify(rows.map((r) => ({ n: r.rowNumber, cells: r.cells })))],
    );
  }

  async uploaded(db: Queryable, id: string, headers: string[], rowCount: number): Promise<void> {
    await db.query(`UPDATE donor_imports SET headers = $2, row_count = $3, status = 'uploaded' WHERE id = $1`, [
      id,
      headers,
      rowCount,
    ]);
  }

  async remove(db: Queryable, id: string): Promise<void> {
    await db.query(`DELETE FROM donor_imports WHERE id = $1`, [id]);
  }

  async find(db: Queryable, id: string, lock = false): Promise<DonorImportRow | null> {
    const rows = await db.query(`SELECT * FROM donor_imports WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0] ?? null;
  }

  /** A batch of staged rows after `after`, in file order (keyset: the cost does not grow with the file). */
  async rowsAfter(
    db: Queryable,
    importId: string,
    after: number,
    limit: number,
  ): Promise<{ row_number: number; cells: string[] }[]> {
    return db.query(
      `SELECT row_number, cells FROM donor_import_rows WHERE import_id = $1 AND row_number > $2 ORDER BY row_number LIMIT $3`,
      [importId, after, limit],
    );
  }

  /** Live donors by e-mail key (donor identity: `emailKey`); a merged-away record answers with its kept donor. */
  donorsByEmail(db: Queryable, emails: string[]): Promise<Map<string, string>> {
    return donorsByEmail.donorsFor(db, emails);
  }

  /** Live donors by name, first address line and ZIP, compared lower-cased: the key is 'name|line1|zip' (merged: the kept donor). */
  async donorsByNameAndAddress(db: Queryable, keys: string[]): Promise<Map<string, string>> {
    if (!keys.length) return new Map();
    const rows: { id: string; k: string }[] = await db.query(
      `SELECT DISTINCT ON (k) id, k FROM (
         SELECT coalesce(merged_into, id) AS id, created, lower(coalesce(name, '')) || '|' || lower(coalesce(address_line1, '')) || '|' || lower(coalesce(address_postal_code, '')) AS k
           FROM donors WHERE deleted_at IS NULL AND lower(coalesce(name, '')) = ANY($2::text[])) d
        WHERE k = ANY($1::text[]) ORDER BY k, created`,
      [keys, keys.map((k) => k.split('|')[0])],
    );
    return new Map(rows.map((r) => [r.k, r.id]));
  }

  async alreadyImported(db: Queryable, rowKeys: string[]): Promise<Set<string>> {
    if (!rowKeys.length) return new Set();
    const rows: { row_key: string }[] = await db.query(
      `SELECT row_key FROM imported_gifts WHERE row_key = ANY($1::text[])`,
      [rowKeys],
    );
    return new Set(rows.map((r) => r.row_key));
  }

  async saveOutcomes(db: Queryable, importId: string, outcomes: RowOutcome[]): Promise<void> {
    await db.query(
      `UPDATE donor_import_rows r SET outcome = o.outcome, problems = o.problems, shown = o.shown, amount_cents = (o.shown->>'amountCents')::bigint,
              row_key = o.row_key, donor_key = o.donor_key, customer_id = o.customer_id, gift = o.gift, done = false
         FROM jsonb_to_recordset($2::jsonb) AS o(n integer, outcome text, problems jsonb, shown jsonb, row_key text, donor_key text, customer_id text, gift jsonb)
        WHERE r.import_id = $1 AND r.row_number = o.n`,
      [
        importId,
        JSON.stringify(
          outcomes.map((o) => ({
            n: o.rowNumber,
            outcome: o.outcome,
            problems: o.problems ?? null,
            shown: o.shown,
            row_key: o.rowKey ?? null,
            donor_key: o.donorKey ?? null,
            customer_id: o.customerId ?? null,
            gift: o.gift ?? null,
          })),
        ),
      ],
    );
  }

  /** The same gift twice in one file: the later rows become errors naming the first (one statement, no memory). */
  async markDuplicates(db: Queryable, importId: string): Promise<void> {
    await db.query(
      `UPDATE donor_import_rows r SET outcome = 'error', problems = jsonb_build_array(jsonb_build_object('field', null, 'value', '',
              'message', 'The same gift as row ' || f.first || ' (same donor, date, amount, type and note)'))
         FROM (SELECT row_number, min(row_number) OVER (PARTITION BY row_key) AS first FROM donor_import_rows
                WHERE import_id = $1 AND outcome IN ('new', 'matched')) f
        WHERE r.import_id = $1 AND r.row_number = f.row_number AND f.first < f.row_number`,
      [importId],
    );
  }

  async summary(
    db: Queryable,
    importId: string,
  ): Promise<{
    newRows: number;
    matchedRows: number;
    alreadyImported: number;
    errorRows: number;
    newDonors: number;
    matchedDonors: number;
    fileTotalCents: number;
    importTotalCents: number;
    unreadAmounts: number;
  }> {
    const [s] = await db.query(
      `SELECT count(*) FILTER (WHERE outcome = 'new')::int AS "newRows", count(*) FILTER (WHERE outcome = 'matched')::int AS "matchedRows",
              count(*) FILTER (WHERE outcome = 'imported')::int AS "alreadyImported", count(*) FILTER (WHERE outcome = 'error')::int AS "errorRows",
              count(DISTINCT donor_key) FILTER (WHERE outcome = 'new')::int AS "newDonors",
              count(DISTINCT customer_id) FILTER (WHERE outcome = 'matched')::int AS "matchedDonors",
              coalesce(sum(amount_cents), 0)::bigint AS "fileTotalCents",
              coalesce(sum(amount_cents) FILTER (WHERE outcome IN ('new', 'matched')), 0)::bigint AS "importTotalCents",
              count(*) FILTER (WHERE amount_cents IS NULL)::int AS "unreadAmounts"
         FROM donor_import_rows WHERE import_id = $1`,
      [importId],
    );
    return { ...s, fileTotalCents: Number(s.fileTotalCents), importTotalCents: Number(s.importTotalCents) };
  }

  async errors(db: Queryable, importId: string, limit: number): Promise<{ row: number; problems: RowProblem[] }[]> {
    return db.query(
      `SELECT row_number AS row, problems FROM donor_import_rows WHERE import_id = $1 AND outcome = 'error' ORDER BY row_number LIMIT $2`,
      [importId, limit],
    );
  }

  /** A page of previewed rows in file order (keyset on the row number), each as the preview lists it. */
  async previewRows(
    db: Queryable,
    importId: string,
    after: number,
    limit: number,
  ): Promise<Array<ShownRow & { row: number; outcome: Outcome }>> {
    const rows: { row: number; outcome: Outcome; shown: ShownRow }[] = await db.query(
      `SELECT row_number AS row, outcome, shown FROM donor_import_rows
        WHERE import_id = $1 AND row_number > $2 AND outcome IS NOT NULL ORDER BY row_number LIMIT $3`,
      [importId, after, limit],
    );
    return rows.map((r) => ({ row: r.row, outcome: r.outcome, ...r.shown }));
  }

  async setStatus(db: Queryable, id: string, status: DonorImportRow['status'], mapping?: ColumnMapping): Promise<void> {
    await db.query(`UPDATE donor_imports SET status = $2, mapping = coalesce($3::jsonb, mapping) WHERE id = $1`, [
      id,
      status,
      mapping ? JSON.stringify(mapping) : null,
    ]);
  }

  async pending(db: Queryable, importId: string, limit: number): Promise<PendingRow[]> {
    return db.query(
      `SELECT row_number, outcome, row_key, donor_key, customer_id, gift FROM donor_import_rows
        WHERE import_id = $1 AND NOT done AND outcome IN ('new', 'matched') ORDER BY row_number LIMIT $2`,
      [importId, limit],
    );
  }

  async countPending(db: Queryable, importId: string): Promise<number> {
    const [r] = await db.query(
      `SELECT count(*)::int AS n FROM donor_import_rows WHERE import_id = $1 AND NOT done AND outcome IN ('new', 'matched')`,
      [importId],
    );
    return r.n;
  }

  /**
   * A batch's gifts in one statement: each row's idempotency key is claimed and its manual gift inserted together
   * (the gift's id is made first, so the key row can name it; the foreign key is checked at the statement's end).
   * A key an earlier import holds is skipped, with its gift: only the rows whose key was claimed are answered.
   */
  async insertGifts(
    db: Queryable,
    importId: string,
    createdBy: string | null,
    rows: Array<{ rowKey: string; customerId: string; gift: StagedGift; requiresIrsReceipt: boolean }>,
  ): Promise<ManualGiftFacts[]> {
    if (!rows.length) return [];
    return db.query(
      `WITH input AS (
         SELECT gen_random_uuid() AS gid, r.* FROM jsonb_to_recordset($2::jsonb) AS r(
           row_key text, customer text, name text, email text, phone text, address text, amount bigint, type text, at timestamptz,
           notes text, irs boolean, gift_description text, goods_description text, goods_value bigint, fund int, appeal uuid)),
       claimed AS (
         INSERT INTO imported_gifts (row_key, manual_donation_id, import_id) SELECT row_key, gid, $1 FROM input
         ON CONFLICT (row_key) DO NOTHING RETURNING manual_donation_id)
       INSERT INTO manual_donations (id, stripe_customer_id, donor_name, donor_email, donor_phone, donor_address, amount, donation_type,
         donation_date, notes, requires_irs_receipt, created_by, gift_description, goods_description, goods_value, fund_id, appeal_id)
       SELECT i.gid, i.customer, i.name, i.email, i.phone, i.address, i.amount, i.type, i.at, i.notes, i.irs, $3, i.gift_description,
              i.goods_description, i.goods_value, i.fund, i.appeal
         FROM input i JOIN claimed c ON c.manual_donation_id = i.gid
       RETURNING amount, donation_type, stripe_customer_id, donation_date, appeal_id`,
      [
        importId,
        JSON.stringify(
          rows.map(({ rowKey, customerId, gift: g, requiresIrsReceipt }) => ({
            row_key: rowKey,
            customer: customerId,
            name: g.donorName,
            email: g.donorEmail,
            phone: g.donorPhone,
            address: g.donorAddress,
            amount: g.amountCents,
            type: g.donationType,
            at: g.donationDate,
            notes: g.notes,
            irs: requiresIrsReceipt,
            gift_description: g.giftDescription,
            goods_description: g.goods?.description ?? null,
            goods_value: g.goods?.valueCents ?? null,
            fund: g.fundId,
            appeal: g.appealId ?? null,
          })),
        ),
        createdBy,
      ],
    );
  }

  /** The customers earlier batches of this import created, by donor key. */
  async customersOfDonorKeys(db: Queryable, importId: string, donorKeys: string[]): Promise<Map<string, string>> {
    if (!donorKeys.length) return new Map();
    const rows: { donor_key: string; customer_id: string }[] = await db.query(
      `SELECT DISTINCT ON (donor_key) donor_key, customer_id FROM donor_import_rows
        WHERE import_id = $1 AND donor_key = ANY($2::text[]) AND customer_id IS NOT NULL ORDER BY donor_key`,
      [importId, donorKeys],
    );
    return new Map(rows.map((r) => [r.donor_key, r.customer_id]));
  }

  /** Donors merged away since the preview matched them answer with their kept donor. */
  async keptDonors(db: Queryable, customerIds: string[]): Promise<Map<string, string>> {
    if (!customerIds.length) return new Map();
    const rows: { id: string; kept: string }[] = await db.query(
      `SELECT id, coalesce(merged_into, id) AS kept FROM donors WHERE id = ANY($1::text[])`,
      [customerIds],
    );
    return new Map(rows.map((r) => [r.id, r.kept]));
  }

  async markAllDone(
    db: Queryable,
    importId: string,
    rows: Array<{ rowNumber: number; customerId: string }>,
  ): Promise<void> {
    await db.query(
      `UPDATE donor_import_rows r SET done = true, customer_id = x.customer_id
         FROM unnest($2::int[], $3::text[]) AS x(row_number, customer_id)
        WHERE r.import_id = $1 AND r.row_number = x.row_number`,
      [importId, rows.map((r) => r.rowNumber), rows.map((r) => r.customerId)],
    );
  }

  async progress(db: Queryable, id: string, giftsAdded: number, donorsCreated: number): Promise<void> {
    await db.query(
      `UPDATE donor_imports SET gifts_added = gifts_added + $2, donors_created = donors_created + $3 WHERE id = $1`,
      [id, giftsAdded, donorsCreated],
    );
  }

  /** The import is over: its counts stay, its staged rows (the file's donor data) go. */
  async finish(db: Queryable, id: string): Promise<void> {
    await db.query(`DELETE FROM donor_import_rows WHERE import_id = $1`, [id]);
    await db.query(`UPDATE donor_imports SET status = 'done', finished_at = now() WHERE id = $1`, [id]);
  }
}
