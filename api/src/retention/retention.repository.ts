import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { openBatchCursor, type BatchCursor } from '../../../core/src/db/batch-cursor.js';
import { netCentsSql } from '../../../core/src/gifts/net-amount.js';

/** Which lapsed donors: gave last year but not this year, or some earlier year but neither last year nor this. */
export type LapsedKind = 'lybunt' | 'sybunt';

export interface RetentionCounts {
  last_year_donors: number;
  retained: number;
  first_time: number;
  first_time_second_gift: number;
  sybunt: number;
  one_time_starters: number;
  converted: number;
}

export interface LapsedRow {
  id: string;
  name: string | null;
  email: string | null;
  last_gift_at: Date;
  last_gift_cents: string | null;
  lifetime_cents: string;
  gifts: number;
}

/** 00:00 on January 1 of year $1 (+ n) in the school's zone $2. */
const jan1 = (n: number) => `make_timestamptz($1::int + ${n}, 1, 1, 0, 0, 0, $2::text)`;

/**
 * The donors of each list, as (customer_id, last_gift_at) over donor_years (did the donor give in year Y: one
 * index probe) and donor_totals (first and last gift, lifetime total). Only listed donors count, the one
 * definition of a donor the donor list uses (view listed_donors).
 */
const LAPSED: Record<LapsedKind, string> = {
  lybunt: `SELECT t.customer_id, t.last_gift_at, t.total_amount, t.donation_count
             FROM donor_years p JOIN donor_totals t ON t.customer_id = p.customer_id
             JOIN listed_donors d ON d.id = p.customer_id
            WHERE p.year = $1::int - 1
              AND NOT EXISTS (SELECT 1 FROM donor_years y WHERE y.year = $1::int AND y.customer_id = p.customer_id)`,
  sybunt: `SELECT t.customer_id, t.last_gift_at, t.total_amount, t.donation_count
             FROM donor_totals t JOIN listed_donors d ON d.id = t.customer_id
            WHERE t.first_gift_at < ${jan1(-1)}
              AND NOT EXISTS (SELECT 1 FROM donor_years y WHERE y.customer_id = t.customer_id AND y.year IN ($1::int - 1, $1::int))`,
};

/** LYBUNT needs only the year ($1); SYBUNT also the zone ($2) for the date of a first gift. */
const lapsedParams = (kind: LapsedKind, year: number, timeZone: string): unknown[] => (kind === 'sybunt' ? [year, timeZone] : [year]);

/** The list's rows with the donor's name and e-mail and the amount of the last gift (a card charge or a manual gift). */
const withLastGift = (inner: string) => `
  SELECT d.id, d.name, d.email, l.last_gift_at, lg.amount::text AS last_gift_cents, l.total_amount::text AS lifetime_cents,
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

/** The retention figures of a calendar year and the LYBUNT and SYBUNT lists, from the read model only. */
@Injectable()
export class RetentionRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async counts(year: number, timeZone: string): Promise<RetentionCounts> {
    const [row] = await this.ds.query(
      `WITH prev AS (
         SELECT count(*)::int AS donors, count(t.customer_id)::int AS retained
           FROM donor_years p JOIN listed_donors d ON d.id = p.customer_id
           LEFT JOIN donor_years t ON t.year = $1::int AND t.customer_id = p.customer_id
          WHERE p.year = $1::int - 1),
       first AS (
         SELECT count(*)::int AS donors, count(*) FILTER (WHERE t.donation_count >= 2)::int AS second
           FROM donor_totals t JOIN listed_donors d ON d.id = t.customer_id
          WHERE t.first_gift_at >= ${jan1(0)} AND t.first_gift_at < ${jan1(1)}),
       plans AS (
         SELECT customer_id, min(created) AS first_plan FROM subscriptions
          WHERE customer_id IS NOT NULL AND status NOT IN ('incomplete', 'incomplete_expired') GROUP BY customer_id),
       conversion AS (
         SELECT count(*)::int AS one_time, count(p.first_plan)::int AS converted
           FROM donor_totals t JOIN listed_donors d ON d.id = t.customer_id
           LEFT JOIN plans p ON p.customer_id = t.customer_id
          WHERE t.first_gift_at IS NOT NULL AND (p.first_plan IS NULL OR p.first_plan > t.first_gift_at))
       SELECT prev.donors AS last_year_donors, prev.retained, first.donors AS first_time, first.second AS first_time_second_gift,
              (SELECT count(*)::int FROM (${LAPSED.sybunt}) s) AS sybunt,
              conversion.one_time AS one_time_starters, conversion.converted
         FROM prev, first, conversion`,
      [year, timeZone],
    );
    return row;
  }

  lapsedPage(kind: LapsedKind, year: number, timeZone: string, offset: number, limit: number): Promise<LapsedRow[]> {
    const params = lapsedParams(kind, year, timeZone);
    const n = params.length;
    return this.ds.query(
      withLastGift(`${LAPSED[kind]} ORDER BY t.last_gift_at DESC, t.customer_id LIMIT $${n + 1} OFFSET $${n + 2}`),
      [...params, limit, offset],
    );
  }

  async lapsedCount(kind: LapsedKind, year: number, timeZone: string): Promise<number> {
    const [row] = await this.ds.query(`SELECT count(*)::int AS n FROM (${LAPSED[kind]}) l`, lapsedParams(kind, year, timeZone));
    return row.n;
  }

  lapsedCursor(kind: LapsedKind, year: number, timeZone: string): Promise<BatchCursor<LapsedRow>> {
    return openBatchCursor<LapsedRow>(this.ds, 'lapsed_rows', withLastGift(LAPSED[kind]), lapsedParams(kind, year, timeZone));
  }
}
