import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type QueryRunner } from 'typeorm';

/** One gift (card charge that succeeded, or manual gift) as the exports and statements read it. */
export interface TaxGiftRow {
  source: 'card' | 'manual';
  id: string;
  /** Local day 'yyyy-MM-dd' in TIME_ZONE. */
  day: string;
  /** Local date 'Mon DD, YYYY' for the statement. */
  day_label: string;
  amount: string;
  amount_refunded: string;
  /** Net of refunds and of disputes not won: what the donor actually gave. */
  net: string;
  status: string;
  disputed: boolean;
  dispute_status: string | null;
  gift_type: string | null;
  brand: string | null;
  last4: string | null;
  name: string | null;
  email: string | null;
  address: string | null;
}

export interface GiftFilter {
  year: number;
  timeZone: string;
  /** Only gifts whose net amount is at least this many cents. */
  minNetCents?: number;
  /** Only this donor's gifts. */
  customerId?: string;
}

const NET = `CASE WHEN c.disputed AND coalesce(c.dispute_status, '') NOT IN ('won', 'warning_closed') THEN 0
  ELSE c.amount - c.amount_refunded END`;

/** The donor's address as one line; for card gifts, else the address typed on the donation form (donation_records). */
function addressLine(d: string, r?: string): string {
  const donor = `nullif(concat_ws(', ', nullif(${d}.address_line1, ''), nullif(${d}.address_line2, ''), nullif(${d}.address_city, ''),
    nullif(concat_ws(' ', nullif(${d}.address_state, ''), nullif(${d}.address_postal_code, '')), '')), '')`;
  if (!r) return donor;
  const form = `nullif(concat_ws(', ', nullif(${r}.address, ''), nullif(${r}.city, ''),
    nullif(concat_ws(' ', nullif(${r}.state, ''), nullif(${r}.zip_code, '')), '')), '')`;
  return `coalesce(${donor}, ${form})`;
}

/**
 * Gifts of one calendar year in TIME_ZONE, oldest first. Both halves are range scans in index order
 * (charges_created_idx or charges_customer_created_idx; manual_donations_date_idx or _customer_idx), so the
 * ordered union is a merge, not a sort, and rows can be streamed from a cursor as they are read.
 */
function giftsSql(f: GiftFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [f.year, f.timeZone, f.minNetCents ?? null, f.customerId ?? null];
  const sql = `
    WITH bounds AS (SELECT make_timestamptz($1::int, 1, 1, 0, 0, 0, $2) AS from_at,
                           make_timestamptz($1::int + 1, 1, 1, 0, 0, 0, $2) AS to_at)
    SELECT source, id, to_char(at AT TIME ZONE $2, 'YYYY-MM-DD') AS day, to_char(at AT TIME ZONE $2, 'Mon DD, YYYY') AS day_label,
           amount, amount_refunded, net, status, disputed, dispute_status, gift_type, brand, last4, name, email, address
      FROM (
        (SELECT 'card'::text AS source, c.id, c.created AS at, c.amount, c.amount_refunded, ${NET} AS net, c.status,
                c.disputed, c.dispute_status, c.frequency AS gift_type, c.brand, c.last4,
                coalesce(c.billing_name, d.name, nullif(concat_ws(' ', r.first_name, r.last_name), '')) AS name,
                coalesce(c.billing_email, d.email, r.email) AS email, ${addressLine('d', 'r')} AS address
           FROM bounds b, charges c
           LEFT JOIN donors d ON d.id = c.customer_id
           LEFT JOIN donation_records r ON r.payment_intent_id = c.payment_intent_id
          WHERE c.created >= b.from_at AND c.created < b.to_at AND c.status = 'succeeded'
            AND ($3::bigint IS NULL OR ${NET} >= $3) AND ($4::text IS NULL OR c.customer_id = $4)
          ORDER BY c.created, c.id)
        UNION ALL
        (SELECT 'manual', m.id::text, m.donation_date, m.amount, 0::bigint, m.amount, 'succeeded', false, NULL, m.donation_type,
                NULL, NULL, m.donor_name, coalesce(m.donor_email, d.email),
                coalesce(nullif(m.donor_address, ''), ${addressLine('d')})
           FROM bounds b, manual_donations m
           LEFT JOIN donors d ON d.id = m.stripe_customer_id
          WHERE m.donation_date >= b.from_at AND m.donation_date < b.to_at
            AND ($3::bigint IS NULL OR m.amount >= $3) AND ($4::text IS NULL OR m.stripe_customer_id = $4)
          ORDER BY m.donation_date, m.id)
      ) g
     ORDER BY at, id`;
  return { sql, params };
}

/** A server-side cursor over a query, read in batches inside one read-only transaction. */
export class GiftCursor {
  private readonly done: boolean;
  constructor(
    private readonly qr: QueryRunner,
    readonly first: TaxGiftRow[],
    private readonly batch: number,
  ) {
    this.done = first.length < batch;
  }

  /**
   * Yields the rows batch by batch. The next batch is requested before the current one is handed out, so
   * Postgres produces batch n+1 while Node formats and sends batch n.
   */
  async *batches(): AsyncGenerator<TaxGiftRow[]> {
    try {
      let current = this.first;
      let next = this.done ? null : this.fetch();
      for (;;) {
        if (current.length) yield current;
        if (!next) break;
        current = await next;
        next = current.length < this.batch ? null : this.fetch();
      }
      await this.qr.query('COMMIT');
    } finally {
      await this.close();
    }
  }

  private fetch(): Promise<TaxGiftRow[]> {
    const p: Promise<TaxGiftRow[]> = this.qr.query(`FETCH ${this.batch} FROM tax_gifts`);
    // If the download is abandoned while a prefetch is in flight, its failure must not go unhandled.
    p.catch(() => undefined);
    return p;
  }

  /** Ends the transaction and returns the connection (also when the client went away mid-download). */
  async close(): Promise<void> {
    if (this.qr.isReleased) return;
    await this.qr.query('ROLLBACK').catch(() => undefined);
    await this.qr.release();
  }
}

@Injectable()
export class TaxExportsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /**
   * Opens a cursor over the year's gifts and reads the first batch, so a database failure is still an ordinary
   * error answer before any CSV byte is sent. Memory stays at one batch whatever the number of gifts.
   */
  async openYearCursor(f: GiftFilter, batch = 2000): Promise<GiftCursor> {
    const { sql, params } = giftsSql(f);
    const qr = this.ds.createQueryRunner();
    await qr.connect();
    try {
      await qr.query('BEGIN TRANSACTION READ ONLY');
      await qr.query(`DECLARE tax_gifts NO SCROLL CURSOR FOR ${sql}`, params);
      const first: TaxGiftRow[] = await qr.query(`FETCH ${batch} FROM tax_gifts`);
      return new GiftCursor(qr, first, batch);
    } catch (err) {
      await qr.query('ROLLBACK').catch(() => undefined);
      await qr.release();
      throw err;
    }
  }

  /** One donor's gifts of a year (a statement: a handful of rows). */
  async donorYear(customerId: string, year: number, timeZone: string): Promise<TaxGiftRow[]> {
    const { sql, params } = giftsSql({ year, timeZone, customerId });
    return this.ds.query(sql, params);
  }

  async findDonor(id: string): Promise<DonorForStatement | null> {
    const rows = await this.ds.query(
      `SELECT id, name, email, address_line1, address_line2, address_city, address_state, address_postal_code, deleted_at
         FROM donors WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }
}

export interface DonorForStatement {
  id: string;
  name: string | null;
  email: string | null;
  address_line1: string | null;
  address_line2: string | null;
  address_city: string | null;
  address_state: string | null;
  address_postal_code: string | null;
  deleted_at: Date | null;
}
