import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Queryable } from '../core/db/aggregates.js';

export interface DonorRow {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  address_line1: string | null;
  address_line2: string | null;
  address_city: string | null;
  address_state: string | null;
  address_postal_code: string | null;
  created: string;
  deleted_at: Date | null;
  total_amount: string;
  donation_count: string;
}

export interface DonorSummaryRow {
  total_customers: string;
  active_customers: string;
  lifetime_cents: string;
}

export interface PaymentMethodRow {
  id: string;
  customer_id: string;
  brand: string | null;
  last4: string | null;
}

export interface NewDonor {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  addressLine1: string | null;
  created: number;
}

const DONOR_COLUMNS = `d.id, d.name, d.email, d.phone, d.address_line1, d.address_line2, d.address_city, d.address_state,
  d.address_postal_code, extract(epoch FROM d.created)::bigint AS created, d.deleted_at,
  coalesce(t.total_amount, 0) AS total_amount, coalesce(t.donation_count, 0) AS donation_count`;

/** The same expression as donors_search_trgm_idx, so `ILIKE '%q%'` is answered by the trigram index. */
const SEARCH_EXPR = `(coalesce(d.name,'') || ' ' || coalesce(d.email,''))`;

/** `%`, `_` and `\` typed by the admin are searched literally. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

@Injectable()
export class DonorsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** One page of live donors, newest first (donors_created_idx), with their totals. */
  async page(opts: { q?: string; limit: number; offset: number }): Promise<DonorRow[]> {
    const params: unknown[] = [opts.limit, opts.offset];
    let where = 'd.deleted_at IS NULL';
    if (opts.q) {
      params.push(likePattern(opts.q));
      where += ` AND ${SEARCH_EXPR} ILIKE $3`;
    }
    // The page is cut on the index alone (an index-only scan, even 2,000 pages deep); only its rows are joined.
    return this.ds.query(
      `SELECT ${DONOR_COLUMNS}
         FROM (SELECT d.id FROM donors d WHERE ${where} ORDER BY d.created DESC, d.id DESC LIMIT $1 OFFSET $2) p
         JOIN donors d ON d.id = p.id
         LEFT JOIN donor_totals t ON t.customer_id = d.id
        ORDER BY d.created DESC, d.id DESC`,
      params,
    );
  }

  async countMatching(q: string): Promise<number> {
    const [row] = await this.ds.query(`SELECT count(*)::bigint AS n FROM donors d WHERE d.deleted_at IS NULL AND ${SEARCH_EXPR} ILIKE $1`, [likePattern(q)]);
    return Number(row.n);
  }

  /**
   * Counts and lifetime value of live donors, at a cost that does not involve joining 100k donors to 100k
   * totals: every donor_totals row is counted (an index-only range scan for "active", one narrow scan for
   * the sum) and the share of the few deleted donors (donors_deleted_idx) is subtracted.
   * A totals row whose customer.created event has not been projected yet counts as a live donor's gift.
   */
  async summary(activeSince: Date): Promise<DonorSummaryRow> {
    const [row] = await this.ds.query(
      `WITH gone AS MATERIALIZED (
         SELECT t.total_amount, t.last_gift_at FROM donors d JOIN donor_totals t ON t.customer_id = d.id
          WHERE d.deleted_at IS NOT NULL)
       SELECT
         (SELECT count(*) FROM donors WHERE deleted_at IS NULL) AS total_customers,
         (SELECT count(*) FROM donor_totals WHERE last_gift_at >= $1)
           - (SELECT count(*) FROM gone WHERE last_gift_at >= $1) AS active_customers,
         (SELECT coalesce(sum(total_amount), 0) FROM donor_totals)
           - (SELECT coalesce(sum(total_amount), 0) FROM gone) AS lifetime_cents`,
      [activeSince],
    );
    return row;
  }

  /** A donor by id, deleted or not (the caller decides what a tombstone means). */
  async findById(id: string): Promise<DonorRow | null> {
    const rows = await this.ds.query(
      `SELECT ${DONOR_COLUMNS} FROM donors d LEFT JOIN donor_totals t ON t.customer_id = d.id WHERE d.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async paymentMethods(customerIds: string[]): Promise<PaymentMethodRow[]> {
    if (customerIds.length === 0) return [];
    return this.ds.query(
      `SELECT id, customer_id, brand, last4 FROM payment_methods
        WHERE customer_id = ANY($1::text[]) AND detached_at IS NULL ORDER BY created, id`,
      [customerIds],
    );
  }

  /**
   * Read-your-writes after creating the customer in Stripe. last_event_created is the customer's own
   * `created`, so the customer.created webhook that follows is no newer and changes nothing.
   */
  async upsertCreated(db: Queryable, d: NewDonor): Promise<void> {
    await db.query(
      `INSERT INTO donors (id, name, email, phone, address_line1, created, last_event_created, updated_at)
       VALUES ($1, $2, $3, $4, $5, to_timestamp($6), $6, now())
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email, phone = EXCLUDED.phone,
         address_line1 = EXCLUDED.address_line1, updated_at = now()
       WHERE donors.last_event_created <= EXCLUDED.last_event_created`,
      [d.id, d.name, d.email, d.phone, d.addressLine1, d.created],
    );
  }

  /** Tombstone: the row and its history stay for tax reports. */
  async markDeleted(db: Queryable, id: string): Promise<void> {
    await db.query(`UPDATE donors SET deleted_at = coalesce(deleted_at, now()), updated_at = now() WHERE id = $1`, [id]);
  }
}
