import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { openBatchCursor, type BatchCursor } from '../../../core/src/db/batch-cursor.js';
import type { YearBasis } from '../../../core/src/fiscal-year/fiscal-year.js';
import { netCentsSql } from '../../../core/src/gifts/net-amount.js';
import type { DonorCore } from '../../../core/src/read-model/to-donor-row.js';

/** Which lapsed donors: gave last year but not this year, or some earlier year but neither last year nor this. */
export type LapsedKind = 'lybunt' | 'sybunt';

export interface RetentionCounts {
  /** Listed donors with a gift in the previous year, and those of them with one in this year too. */
  prev_donors: number;
  retained: number;
  /** Listed donors with a gift in this year. */
  cur_donors: number;
  /** Listed donors by the year of their first gift: before the previous year, in it, in this year. */
  first_before_prev: number;
  first_in_prev: number;
  first_in_year: number;
  /** First-time donors of this year with two or more gifts. */
  first_second_gift: number;
  /** Listed donors with a gift. */
  donors: number;
  /** Donors whose first plan started after their first gift, and donors whose first gift was a plan's. */
  converted: number;
  plan_first: number;
}

/** A lapsed donor: the donors row's contact columns (as the customer projection writes them) and their giving. */
export interface LapsedRow extends Omit<DonorCore, 'description' | 'created'> {
  last_gift_at: Date;
  last_gift_cents: string | null;
  lifetime_cents: string;
  gifts: number;
}

/**
 * How a report's years are counted: calendar years from donor_years, or fiscal years (with a start month other
 * than January) from donor_fiscal_years. `startMonth` is 1 for calendar years.
 */
export interface YearBasisSql {
  table: 'donor_years' | 'donor_fiscal_years';
  startMonth: number;
}

export function yearBasisSql(basis: YearBasis, startMonth: number): YearBasisSql {
  return basis === 'fiscal' && startMonth !== 1
    ? { table: 'donor_fiscal_years', startMonth }
    : { table: 'donor_years', startMonth: 1 };
}

/**
 * 00:00 on the first day of year $1 (+ n) in the school's zone $2: January 1, or for a fiscal year the first of
 * its start month in the calendar year before the one that names it (core/src/fiscal-year). Both numbers are
 * integers checked by yearBasisSql's callers, never text from a request.
 */
const yearStart = (b: YearBasisSql, n: number) =>
  `make_timestamptz($1::int + ${n - (b.startMonth === 1 ? 0 : 1)}, ${Number(b.startMonth)}, 1, 0, 0, 0, $2::text)`;

/**
 * Listed donors (view listed_donors: not deleted, and a donor) among rows that all have a gift, written as an
 * exclusion: the unlisted are few (donors_unlisted_idx) and hashed once, where joining listed_donors read all 100k.
 */
const LISTED = (col: string) => `${col} NOT IN (SELECT id FROM donors WHERE deleted_at IS NOT NULL OR NOT is_donor)`;

/**
 * The donors of each list as (customer_id, last_gift_at, total_amount, donation_count). Each is two parts, so
 * that a page is cut from the last-gift index instead of sorting the whole list:
 * - the donors whose LAST gift falls in the gap the list describes (for LYBUNT the previous year, for SYBUNT
 *   before it): they are on the list by that alone, and for the current year they are the whole list;
 * - the donors whose last gift is after the year (only for a past year), checked year by year in donor_years
 *   (donor_fiscal_years for fiscal years).
 */
const lapsedSql = (kind: LapsedKind, b: YearBasisSql): string => {
  const yearAt = (n: number) => yearStart(b, n);
  const years = b.table;
  return {
    lybunt: `
      SELECT t.customer_id, t.last_gift_at, t.total_amount, t.donation_count FROM donor_totals t
       WHERE t.last_gift_at >= ${yearAt(-1)} AND t.last_gift_at < ${yearAt(0)} AND ${LISTED('t.customer_id')}
      UNION ALL
      SELECT t.customer_id, t.last_gift_at, t.total_amount, t.donation_count FROM donor_totals t
       WHERE t.last_gift_at >= ${yearAt(1)} AND ${LISTED('t.customer_id')}
         AND EXISTS (SELECT 1 FROM ${years} y WHERE y.year = $1::int - 1 AND y.customer_id = t.customer_id)
         AND NOT EXISTS (SELECT 1 FROM ${years} y WHERE y.year = $1::int AND y.customer_id = t.customer_id)`,
    sybunt: `
      SELECT t.customer_id, t.last_gift_at, t.total_amount, t.donation_count FROM donor_totals t
       WHERE t.last_gift_at < ${yearAt(-1)} AND ${LISTED('t.customer_id')}
      UNION ALL
      SELECT t.customer_id, t.last_gift_at, t.total_amount, t.donation_count FROM donor_totals t
       WHERE t.last_gift_at >= ${yearAt(1)} AND t.first_gift_at < ${yearAt(-1)} AND ${LISTED('t.customer_id')}
         AND NOT EXISTS (SELECT 1 FROM ${years} y WHERE y.customer_id = t.customer_id AND y.year IN ($1::int - 1, $1::int))`,
  }[kind];
};

/**
 * The list's rows with the donor's name, e-mail, phone and postal address (a mailed appeal needs them) and the
 * amount of the last gift (a card charge or a manual gift).
 */
const withLastGift = (inner: string) => `
  SELECT d.id, d.name, d.email, d.phone, d.address_line1, d.address_line2, d.address_city, d.address_state,
         d.address_postal_code, d.address_country, l.last_gift_at, lg.amount::text AS last_gift_cents, l.total_amount::text AS lifetime_cents,
         l.donation_count AS gifts
    FROM (${inner}) l JOIN donors d ON d.id = l.customer_id
    LEFT JOIN LATERAL (
      SELECT amount FROM (
        (SELECT created AS at, ${netCentsSql('c')} AS amount FROM charges c
          WHERE c.customer_id = l.customer_id AND c.status = 'succeeded' ORDER BY c.created DESC LIMIT 1)
        UNION ALL
        (SELECT donation_date, amount FROM manual_donations m
          WHERE m.stripe_customer_id = l.customer_id ORDER BY m.donation_date DESC LIMIT 1)) g
      ORDER BY at DESC LIMIT 1) lg ON true
   ORDER BY l.last_gift_at DESC, l.customer_id`;

/** The retention figures of a calendar or fiscal year and the LYBUNT and SYBUNT lists, from the read model only. */
@Injectable()
export class RetentionRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /**
   * Every count the figures need, in one statement of index ranges: donor_years for a year's donors,
   * donor_totals_first_gift_idx for first gifts, the plans' donors for conversion. The LYBUNT and SYBUNT counts
   * are derived from these (RetentionService).
   */
  async counts(year: number, timeZone: string, b: YearBasisSql): Promise<RetentionCounts> {
    const yearAt = (n: number) => yearStart(b, n);
    const years = b.table;
    const firstIn = (from: number, to: number) => `first_gift_at >= ${yearAt(from)} AND first_gift_at < ${yearAt(to)}`;
    const [row] = await this.ds.query(
      `WITH prev AS (
         SELECT count(*)::int AS donors, count(t.customer_id)::int AS retained
           FROM ${years} p LEFT JOIN ${years} t ON t.year = $1::int AND t.customer_id = p.customer_id
          WHERE p.year = $1::int - 1 AND ${LISTED('p.customer_id')}),
       cur AS (SELECT count(*)::int AS donors FROM ${years} WHERE year = $1::int AND ${LISTED('customer_id')}),
       firsts AS (
         SELECT count(*) FILTER (WHERE first_gift_at < ${yearAt(-1)})::int AS before_prev,
                count(*) FILTER (WHERE ${firstIn(-1, 0)})::int AS in_prev,
                count(*) FILTER (WHERE ${firstIn(0, 1)})::int AS in_year,
                count(*) FILTER (WHERE ${firstIn(0, 1)} AND donation_count >= 2)::int AS second,
                count(*)::int AS donors
           FROM donor_totals WHERE first_gift_at IS NOT NULL AND ${LISTED('customer_id')}),
       plans AS (
         SELECT customer_id, min(created) AS first_plan FROM subscriptions
          WHERE customer_id IS NOT NULL AND status NOT IN ('incomplete', 'incomplete_expired') GROUP BY customer_id),
       conversion AS (
         SELECT count(*) FILTER (WHERE p.first_plan > t.first_gift_at)::int AS converted,
                count(*) FILTER (WHERE p.first_plan <= t.first_gift_at)::int AS plan_first
           FROM plans p JOIN donor_totals t ON t.customer_id = p.customer_id
          WHERE t.first_gift_at IS NOT NULL AND ${LISTED('p.customer_id')})
       SELECT prev.donors AS prev_donors, prev.retained, cur.donors AS cur_donors, firsts.before_prev AS first_before_prev,
              firsts.in_prev AS first_in_prev, firsts.in_year AS first_in_year, firsts.second AS first_second_gift,
              firsts.donors, conversion.converted, conversion.plan_first
         FROM prev, cur, firsts, conversion`,
      [year, timeZone],
    );
    return row;
  }

  lapsedPage(
    kind: LapsedKind,
    year: number,
    timeZone: string,
    b: YearBasisSql,
    offset: number,
    limit: number,
  ): Promise<LapsedRow[]> {
    return this.ds.query(
      withLastGift(
        `SELECT * FROM (${lapsedSql(kind, b)}) p ORDER BY p.last_gift_at DESC, p.customer_id LIMIT $3 OFFSET $4`,
      ),
      [year, timeZone, limit, offset],
    );
  }

  async lapsedCount(kind: LapsedKind, year: number, timeZone: string, b: YearBasisSql): Promise<number> {
    const [row] = await this.ds.query(`SELECT count(*)::int AS n FROM (${lapsedSql(kind, b)}) l`, [year, timeZone]);
    return row.n;
  }

  lapsedCursor(kind: LapsedKind, year: number, timeZone: string, b: YearBasisSql): Promise<BatchCursor<LapsedRow>> {
    return openBatchCursor<LapsedRow>(this.ds, 'lapsed_rows', withLastGift(lapsedSql(kind, b)), [year, timeZone]);
  }
}
