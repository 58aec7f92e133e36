import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DonorRow } from '../../../core/src/read-model/to-donor-row.js';
import type { PaymentMethodRow } from '../../../core/src/read-model/to-payment-method-row.js';

/** A donor as the admin screens read it: the donors row's shown columns with its totals (bigints come as text). */
export type DonorListing = Pick<
  DonorRow,
  | 'id'
  | 'name'
  | 'email'
  | 'phone'
  | 'address_line1'
  | 'address_line2'
  | 'address_city'
  | 'address_state'
  | 'address_postal_code'
  | 'deleted_at'
> & {
  /** Unix seconds. */
  created: string;
  /** The kept donor, when this record was merged into another. */
  merged_into: string | null;
  total_amount: string;
  donation_count: string;
};

export interface DonorSummaryRow {
  total_customers: string;
  active_customers: string;
  lifetime_cents: string;
}

export type DonorCard = Pick<PaymentMethodRow, 'id' | 'customer_id' | 'brand' | 'last4'>;

const DONOR_COLUMNS = `d.id, d.name, d.email, d.phone, d.address_line1, d.address_line2, d.address_city, d.address_state,
  d.address_postal_code, extract(epoch FROM d.created)::bigint AS created, d.deleted_at, d.merged_into,
  coalesce(t.total_amount, 0) AS total_amount, coalesce(t.donation_count, 0) AS donation_count`;

/** The same expression as donors_search_trgm_idx, so `ILIKE '%q%'` is answered by the trigram index. */
const SEARCH_EXPR = `(coalesce(d.name,'') || ' ' || coalesce(d.email,''))`;

/** `%`, `_` and `\` typed by the admin are searched literally. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * listed_donors is the one definition of a donor. Card attempts that never completed a gift are the other live
 * customers: shown only when asked for, never counted.
 */
function source(attempts = false): string {
  return attempts ? `(SELECT * FROM donors WHERE deleted_at IS NULL AND NOT is_donor)` : 'listed_donors';
}

@Injectable()
export class DonorsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** One page of listed donors, newest first (donors_listed_idx), with their totals; or of the card attempts. */
  async page(opts: { q?: string; limit: number; offset: number; attempts?: boolean }): Promise<DonorListing[]> {
    const params: unknown[] = [opts.limit, opts.offset];
    let where = 'true';
    if (opts.q) {
      params.push(likePattern(opts.q));
      where = `${SEARCH_EXPR} ILIKE $3`;
    }
    // The page is cut on the index alone (an index-only scan, even 2,000 pages deep); only its rows are joined.
    return this.ds.query(
      `SELECT ${DONOR_COLUMNS}
         FROM (SELECT d.id FROM ${source(opts.attempts)} d WHERE ${where} ORDER BY d.created DESC, d.id DESC LIMIT $1 OFFSET $2) p
         JOIN donors d ON d.id = p.id
         LEFT JOIN donor_totals t ON t.customer_id = d.id
        ORDER BY d.created DESC, d.id DESC`,
      params,
    );
  }

  async countMatching(q: string | undefined, attempts = false): Promise<number> {
    const [row] = await this.ds.query(
      `SELECT count(*)::bigint AS n FROM ${source(attempts)} d WHERE $1::text IS NULL OR ${SEARCH_EXPR} ILIKE $1`,
      [q ? likePattern(q) : null],
    );
    return Number(row.n);
  }

  /**
   * Counts and lifetime value of listed donors, at a cost that does not involve joining 100k donors to 100k
   * totals: the listed donors are counted on donors_listed_idx, every donor_totals row is counted (an
   * index-only range scan for "active", one narrow scan for the sum; anyone with a gift is a donor) and the
   * share of the few deleted donors (donors_deleted_idx) is subtracted.
   * A totals row whose customer.created event has not been projected yet counts as a live donor's gift.
   */
  async summary(activeSince: Date): Promise<DonorSummaryRow> {
    const [row] = await this.ds.query(
      `WITH gone AS MATERIALIZED (
         SELECT t.total_amount, t.last_gift_at FROM donors d JOIN donor_totals t ON t.customer_id = d.id
          WHERE d.deleted_at IS NOT NULL)
       SELECT
         (SELECT count(*) FROM listed_donors) AS total_customers,
         (SELECT count(*) FROM donor_totals WHERE last_gift_at >= $1)
           - (SELECT count(*) FROM gone WHERE last_gift_at >= $1) AS active_customers,
         (SELECT coalesce(sum(total_amount), 0) FROM donor_totals)
           - (SELECT coalesce(sum(total_amount), 0) FROM gone) AS lifetime_cents`,
      [activeSince],
    );
    return row;
  }

  /** A donor by id, deleted or not (the caller decides what a tombstone means). */
  async findById(id: string): Promise<DonorListing | null> {
    const rows = await this.ds.query(
      `SELECT ${DONOR_COLUMNS} FROM donors d LEFT JOIN donor_totals t ON t.customer_id = d.id WHERE d.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async paymentMethods(customerIds: string[]): Promise<DonorCard[]> {
    if (customerIds.length === 0) return [];
    return this.ds.query(
      `SELECT id, customer_id, brand, last4 FROM payment_methods
        WHERE customer_id = ANY($1::text[]) AND detached_at IS NULL ORDER BY created, id`,
      [customerIds],
    );
  }
}
