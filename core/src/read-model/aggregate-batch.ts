import type { Queryable } from '../db/queryable.js';
import { lockRows } from '../db/row-lock.js';
import { fiscalYearSql } from '../fiscal-year/fiscal-year-setting.js';
import { AppealTotalsBatch } from '../appeals/appeal-totals.js';
import { contributionUnchanged, dayParts, type Contribution } from './aggregates.js';

interface BucketDelta {
  at: Date;
  source: string;
  donationType: string;
  brand: string;
  amount: number;
  count: number;
}

/**
 * The aggregates' changes of a whole batch of projections, applied once at its end (the worker's batch
 * transaction): what applyContributionChange does per gift, as a handful of multi-row statements. The sums
 * are the same; only the number of round trips changes. Nothing in a batch reads the totals before they are
 * flushed except the customer projection's is_donor check, and the flush turns is_donor on itself for every
 * donor whose gift succeeded in the batch.
 */
export class AggregateBatch {
  private readonly buckets = new Map<string, BucketDelta>();
  private readonly years = new Map<string, { at: Date; customerId: string; amount: number; count: number }>();
  /**
   * Per donor: the totals' change, whether a gift succeeded, and the instants of the counted gifts the batch added
   * and removed (see firstAndLast).
   */
  private readonly donors = new Map<
    string,
    { amount: number; count: number; gave: boolean; added: number[]; removed: number[]; manual: boolean }
  >();
  private readonly appeals = new AppealTotalsBatch();

  /** The donors whose totals the flush changes. */
  donorIds(): string[] {
    return [...this.donors.keys()];
  }

  /** Records (after - before) of one gift row, as applyContributionChange would apply it. */
  add(before: Contribution | null, after: Contribution | null): void {
    if (contributionUnchanged(before, after)) return;
    this.appeals.add(before, after);
    for (const [c, sign] of [
      [before, -1],
      [after, 1],
    ] as const) {
      if (!c) continue;
      this.addBucket(c, sign);
      if (!c.customerId) continue;
      const d = this.donors.get(c.customerId) ?? {
        amount: 0,
        count: 0,
        gave: false,
        added: [],
        removed: [],
        manual: false,
      };
      d.amount += sign * c.amount;
      d.count += sign * c.count;
      this.donors.set(c.customerId, d);
      if (c.count > 0) {
        (sign > 0 ? d.added : d.removed).push(c.at.getTime());
        d.manual ||= c.source === 'manual';
      }
      // donor_years and donor_fiscal_years by the instant: the flush groups them into calendar and fiscal years in the school's zone.
      const yk = `${c.at.toISOString()}|${c.customerId}`;
      const y = this.years.get(yk) ?? { at: c.at, customerId: c.customerId, amount: 0, count: 0 };
      y.amount += sign * c.amount;
      y.count += sign * c.count;
      this.years.set(yk, y);
    }
    if (after?.customerId && after.count > 0 && !(before?.customerId === after.customerId && before.count > 0)) {
      this.donors.get(after.customerId)!.gave = true;
    }
  }

  /** Each part of the gift on its own day (a refund or a dispute on the day it happened). */
  private addBucket(c: Contribution, sign: 1 | -1): void {
    for (const p of dayParts(c)) {
      const key = `${p.at.toISOString()}|${c.source}|${c.donationType}|${c.brand}`;
      const b = this.buckets.get(key) ?? {
        at: p.at,
        source: c.source,
        donationType: c.donationType,
        brand: c.brand,
        amount: 0,
        count: 0,
      };
      b.amount += sign * p.amount;
      b.count += sign * p.count;
      this.buckets.set(key, b);
    }
  }

  /**
   * The donors whose first and last gift must be re-read from the gift rows (a counted gift removed and not put
   * back on the same instant, or a manual gift: its date is read back as its day's start), and for the others
   * the earliest and latest instant the batch added, which can only move first earlier and last later.
   */
  private firstAndLast(): { recount: string[]; extend: Map<string, { first: Date; last: Date }> } {
    const recount: string[] = [];
    const extend = new Map<string, { first: Date; last: Date }>();
    for (const [id, { added, removed, manual }] of this.donors) {
      const left = [...added];
      const lost = removed.some((t) => {
        const at = left.indexOf(t);
        if (at < 0) return true;
        left.splice(at, 1);
        return false;
      });
      if (manual || lost) recount.push(id);
      else if (added.length)
        extend.set(id, { first: new Date(Math.min(...added)), last: new Date(Math.max(...added)) });
    }
    return { recount, extend };
  }

  /** Applies everything recorded, in the batch's transaction, after every gift row of the batch is written. */
  async flush(db: Queryable, timeZone: string): Promise<void> {
    const donors = [...this.donors.entries()];
    // Every donor's lock first, in one sorted statement (the worker's batch already holds them): two writers of one
    // donor's totals, first gift and appeal rows run one after the other, each statement seeing the other's commit.
    await lockRows(
      db,
      donors.map(([id]) => `donors:${id}`),
    );
    const buckets = [...this.buckets.values()].filter((b) => b.amount !== 0 || b.count !== 0);
    const years = [...this.years.values()].filter((y) => y.amount !== 0 || y.count !== 0);
    // Totals, first and last gift in one write per donor: a donor whose batch only added gifts (or rewrote one on
    // its own instant) moves first and last with least/greatest; one who lost a gift (a moved or deleted gift may
    // have been the first) or has a manual gift in the batch is re-read from the per-customer indexes below.
    // Whoever moves is moved only if the batch changed their amount or count: otherwise it added back what it
    // removed. Someone becomes a donor when a gift succeeds (the customer projection reads donor_totals under the
    // lock). The donors whose first gift moved are new or not to their appeals again (the appeals' flush, last).
    const { recount, extend } = this.firstAndLast();
    const moved = donors.filter(([, d]) => d.amount !== 0 || d.count !== 0);
    const gave = donors.filter(([, d]) => d.gave).map(([id]) => id);
    const firstMoved: Array<{ customer_id: string }> = [];
    if (buckets.length || years.length || moved.length || gave.length) {
      // One statement, one round trip: the day totals' deltas, the donor years (calendar and fiscal, as
      // addToDonorYear writes them for one gift) and the donor totals.
      firstMoved.push(
        ...(await db.query(
          `WITH deltas AS (
             -- Appended, never upserted: batches of several workers add to the same day without waiting (total-deltas.ts).
             INSERT INTO total_deltas (day, source, donation_type, brand, amount, count)
             SELECT (at AT TIME ZONE $2)::date, source, donation_type, brand, sum(amount), sum(count)
               FROM unnest($1::timestamptz[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::int[]) AS t(at, source, donation_type, brand, amount, count)
              GROUP BY 1, 2, 3, 4 HAVING sum(amount) <> 0 OR sum(count) <> 0),
           years AS (SELECT * FROM unnest($8::timestamptz[], $9::text[], $10::bigint[], $11::int[]) AS t(at, customer_id, amount, count)),
           cal AS (
             INSERT INTO donor_years (year, customer_id, amount, count)
             SELECT extract(year FROM at AT TIME ZONE $2)::smallint, customer_id, sum(amount), sum(count) FROM years GROUP BY 1, 2 ORDER BY 1, 2
             ON CONFLICT (year, customer_id) DO UPDATE SET amount = donor_years.amount + EXCLUDED.amount, count = donor_years.count + EXCLUDED.count),
           fiscal AS (
             INSERT INTO donor_fiscal_years (year, customer_id, amount, count)
             SELECT ${fiscalYearSql('at', '$2::text')}, customer_id, sum(amount), sum(count) FROM years GROUP BY 1, 2 ORDER BY 1, 2
             ON CONFLICT (year, customer_id) DO UPDATE SET amount = donor_fiscal_years.amount + EXCLUDED.amount, count = donor_fiscal_years.count + EXCLUDED.count),
           became_donor AS (UPDATE donors SET is_donor = true WHERE id = ANY($17::text[]) AND NOT is_donor),
           was AS (SELECT customer_id, first_gift_at FROM donor_totals WHERE customer_id = ANY($12::text[])),
           up AS (
             INSERT INTO donor_totals (customer_id, total_amount, donation_count, first_gift_at, last_gift_at)
             SELECT * FROM unnest($12::text[], $13::bigint[], $14::int[], $15::timestamptz[], $16::timestamptz[])
             ON CONFLICT (customer_id) DO UPDATE SET total_amount = donor_totals.total_amount + EXCLUDED.total_amount,
               donation_count = donor_totals.donation_count + EXCLUDED.donation_count,
               first_gift_at = least(donor_totals.first_gift_at, EXCLUDED.first_gift_at),
               last_gift_at = greatest(donor_totals.last_gift_at, EXCLUDED.last_gift_at)
             RETURNING customer_id, first_gift_at)
           SELECT up.customer_id FROM up LEFT JOIN was USING (customer_id)
            WHERE up.first_gift_at IS DISTINCT FROM was.first_gift_at`,
          [
            buckets.map((b) => b.at.toISOString()),
            timeZone,
            buckets.map((b) => b.source),
            buckets.map((b) => b.donationType),
            buckets.map((b) => b.brand),
            buckets.map((b) => b.amount),
            buckets.map((b) => b.count),
            years.map((y) => y.at.toISOString()),
            years.map((y) => y.customerId),
            years.map((y) => y.amount),
            years.map((y) => y.count),
            moved.map(([id]) => id),
            moved.map(([, d]) => d.amount),
            moved.map(([, d]) => d.count),
            moved.map(([id]) => extend.get(id)?.first.toISOString() ?? null),
            moved.map(([id]) => extend.get(id)?.last.toISOString() ?? null),
            gave,
          ],
        )),
      );
    }
    // A donor year whose count falls to zero is removed, so "gave in year Y" is the existence of a row. A statement
    // of its own: a DELETE in the same statement as the upsert would not see the rows the upsert changed.
    const lost = [...new Set(years.filter((y) => y.count < 0).map((y) => y.customerId))];
    if (lost.length) {
      await db.query(
        `WITH cal AS (DELETE FROM donor_years WHERE customer_id = ANY($1::text[]) AND count <= 0)
         DELETE FROM donor_fiscal_years WHERE customer_id = ANY($1::text[]) AND count <= 0`,
        [lost],
      );
    }
    if (recount.length) {
      firstMoved.push(
        ...(await db.query(
          `WITH was AS (SELECT customer_id, first_gift_at FROM donor_totals WHERE customer_id = ANY($1::text[])),
           up AS (
             UPDATE donor_totals t SET first_gift_at = g.first_at, last_gift_at = g.last_at
               FROM (SELECT c.id, x.first_at, x.last_at FROM unnest($1::text[]) AS c(id)
                     CROSS JOIN LATERAL (SELECT min(at) AS first_at, max(at) AS last_at FROM (
                       SELECT created AS at FROM charges WHERE customer_id = c.id AND status = 'succeeded'
                       UNION ALL SELECT donation_date FROM manual_donations WHERE stripe_customer_id = c.id) u) x) g
              WHERE t.customer_id = g.id
                AND (t.first_gift_at IS DISTINCT FROM g.first_at OR t.last_gift_at IS DISTINCT FROM g.last_at)
              RETURNING t.customer_id, t.first_gift_at)
           SELECT up.customer_id FROM up LEFT JOIN was USING (customer_id)
            WHERE up.first_gift_at IS DISTINCT FROM was.first_gift_at`,
          [recount],
        )),
      );
    }
    await this.appeals.flush(
      db,
      firstMoved.map((r) => r.customer_id),
    );
  }
}
