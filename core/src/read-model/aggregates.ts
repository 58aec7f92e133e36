import type { Queryable } from '../db/queryable.js';
import { lockRows } from '../db/row-lock.js';
import { cached } from './read-model.repository.js';
import { fiscalYearSql } from '../fiscal-year/fiscal-year-setting.js';
import { AppealTotalsBatch, sameAppealShare } from '../appeals/appeal-totals.js';
import { disputeReinstated, fundsHeldByDispute, netCents, netCentsSql } from '../gifts/net-amount.js';

/**
 * The incremental aggregates behind the dashboard (daily_totals and its monthly rollup monthly_totals,
 * donor_totals, and donor_years and donor_fiscal_years: each donor's gifts per calendar and per fiscal year,
 * read by the retention reports).
 *
 * Every writer of a gift row (the worker projecting a charge, the admin API adding or deleting a manual gift)
 * computes the row's contribution before and after its change and applies the difference here, in the same
 * transaction as the row itself. Analytics then reads a few hundred aggregate rows instead of every charge,
 * so its cost does not grow with the number of charges.
 */

export type GiftSource = 'card' | 'manual';

/** A part of a gift's net amount that counts on its own day (the gift, a refund, a dispute holding the funds). */
export interface DayPart {
  at: Date;
  amount: number;
  count: number;
}

/** What one gift adds to the totals. Amount is net of refunds (and of disputes not won), in cents. */
export interface Contribution {
  at: Date;
  source: GiftSource;
  /** one-time | monthly | quarterly | annual for cards; cash | check | stock | item | crypto | other for manual. */
  donationType: string;
  /** Card brand ('visa', ...); '' for manual gifts. */
  brand: string;
  customerId: string | null;
  amount: number;
  count: number;
  /**
   * daily_totals and monthly_totals by day: the gift on its day, each refund on the day it was made, a dispute's
   * withdrawal on the day it was opened and a won dispute's reinstatement on the day it was won (absent:
   * everything on the gift's day). They add up to amount.
   * donor_totals and the donor years keep the gift's net on the gift's day.
   */
  parts?: DayPart[];
  /** The appeal the gift is credited to (appeal_totals), and whether it is the first gift of a plan started through it. */
  appealId?: string | null;
  planStart?: boolean;
}

/** A refund of a charge as the charges row keeps it (refunds column): Stripe's id, cents, epoch seconds. */
export interface RefundFact {
  id: string;
  amount: number;
  created: number;
}

export interface ChargeFacts {
  status: string;
  amount: number | string;
  amount_refunded: number | string;
  disputed: boolean;
  dispute_status: string | null;
  frequency: string | null;
  brand: string | null;
  customer_id: string | null;
  created: Date | string;
  refunds?: RefundFact[] | null;
  disputed_at?: Date | string | null;
  /** When a won dispute's funds were reinstated (its reversal's day). */
  dispute_reinstated_at?: Date | string | null;
  appeal_id?: string | null;
  appeal_plan_start?: boolean | null;
}

export interface ManualFacts {
  amount: number | string;
  donation_type: string;
  stripe_customer_id: string | null;
  donation_date: Date | string;
  appeal_id?: string | null;
}

/**
 * A succeeded charge counts once; its amount is net of refunds, and zero while a dispute holds the funds.
 * By day: the gift's amount on its day, each refund Stripe listed on the refund's own day (a refunded amount no
 * listed refund explains stays on the gift's day), what a dispute withdrew on the day it withdrew it (an inquiry
 * withdraws nothing; escalated, on the day of the escalation: disputed_at) and, once the dispute is won, the same amount given back on the day it was reinstated, as Stripe's balance shows them: a
 * past month's total never changes when a dispute is won later.
 */
export function chargeContribution(c: ChargeFacts | null | undefined): Contribution | null {
  if (!c || c.status !== 'succeeded') return null;
  const at = new Date(c.created);
  const refunds = (c.refunds ?? []).map((r) => ({
    at: new Date(r.created * 1000),
    amount: -Number(r.amount),
    count: 0,
  }));
  const unlisted = Number(c.amount_refunded) + refunds.reduce((s, r) => s + r.amount, 0);
  const parts: DayPart[] = [{ at, amount: Number(c.amount) - unlisted, count: 1 }, ...refunds];
  const withdrawn = Number(c.amount) - Number(c.amount_refunded);
  const opened = c.disputed_at ? new Date(c.disputed_at) : at;
  const won = disputeReinstated(c);
  if (fundsHeldByDispute(c) || won) parts.push({ at: opened, amount: -withdrawn, count: 0 });
  if (won)
    parts.push({
      at: c.dispute_reinstated_at ? new Date(c.dispute_reinstated_at) : opened,
      amount: withdrawn,
      count: 0,
    });
  return {
    at,
    parts,
    source: 'card',
    donationType: c.frequency || 'one-time',
    brand: c.brand || 'unknown',
    customerId: c.customer_id,
    amount: netCents(c),
    count: 1,
    appealId: c.appeal_id ?? null,
    planStart: !!c.appeal_plan_start,
  };
}

export function manualContribution(m: ManualFacts | null | undefined): Contribution | null {
  if (!m) return null;
  return {
    at: new Date(m.donation_date),
    source: 'manual',
    donationType: m.donation_type,
    brand: '',
    customerId: m.stripe_customer_id,
    amount: Number(m.amount),
    count: 1,
    appealId: m.appeal_id ?? null,
  };
}

/** Whether a gift row's change moves no aggregate at all: same bucket, amount, count and day parts. */
export function contributionUnchanged(before: Contribution | null, after: Contribution | null): boolean {
  return (
    !!before &&
    !!after &&
    sameBucket(before, after) &&
    before.amount === after.amount &&
    before.count === after.count &&
    sameParts(before, after) &&
    sameAppealShare(before, after)
  );
}

export function sameBucket(a: Contribution, b: Contribution): boolean {
  return (
    a.at.getTime() === b.at.getTime() &&
    a.source === b.source &&
    a.donationType === b.donationType &&
    a.brand === b.brand &&
    a.customerId === b.customerId
  );
}

/** The gift's parts by day (the whole gift on its day when it has none). */
export function dayParts(c: Contribution): DayPart[] {
  return c.parts ?? [{ at: c.at, amount: c.amount, count: c.count }];
}

export function sameParts(a: Contribution, b: Contribution): boolean {
  const key = (c: Contribution) =>
    dayParts(c)
      .map((p) => `${p.at.getTime()}|${p.amount}|${p.count}`)
      .join(',');
  return key(a) === key(b);
}

/** (after - before) by instant and bucket, the parts that cancel left out. */
export function partChanges(before: Contribution | null, after: Contribution | null): Contribution[] {
  const out = new Map<string, Contribution>();
  for (const [c, sign] of [
    [before, -1],
    [after, 1],
  ] as const) {
    if (!c) continue;
    for (const p of dayParts(c)) {
      const key = `${p.at.getTime()}|${c.source}|${c.donationType}|${c.brand}`;
      const d = out.get(key) ?? { ...c, parts: undefined, at: p.at, amount: 0, count: 0 };
      d.amount += sign * p.amount;
      d.count += sign * p.count;
      out.set(key, d);
    }
  }
  return [...out.values()].filter((d) => d.amount !== 0 || d.count !== 0);
}

/** The day's bucket (and so its month's): a delta row, folded later (total-deltas.ts). */
async function addToDaily(db: Queryable, c: Contribution, sign: 1 | -1, timeZone: string): Promise<void> {
  await db.query(
    `INSERT INTO total_deltas (day, source, donation_type, brand, amount, count)
     VALUES ((($1::timestamptz) AT TIME ZONE $2)::date, $3, $4, $5, $6, $7)`,
    [c.at.toISOString(), timeZone, c.source, c.donationType, c.brand, sign * c.amount, sign * c.count],
  );
}

async function addToDonor(db: Queryable, customerId: string, amount: number, count: number): Promise<void> {
  await db.query(
    `INSERT INTO donor_totals (customer_id, total_amount, donation_count) VALUES ($1, $2, $3)
     ON CONFLICT (customer_id) DO UPDATE SET total_amount = donor_totals.total_amount + EXCLUDED.total_amount,
       donation_count = donor_totals.donation_count + EXCLUDED.donation_count`,
    [customerId, amount, count],
  );
}

/**
 * The donor's rows for the gift's calendar year and its fiscal year (in the school's zone), in one statement.
 * A row whose count falls to zero is removed, so "gave in year Y" is the existence of a row: an index probe,
 * with no filter on count.
 */
async function addToDonorYear(db: Queryable, c: Contribution, sign: 1 | -1, timeZone: string): Promise<void> {
  const params = [c.at.toISOString(), timeZone, c.customerId, sign * c.amount, sign * c.count];
  const year = `extract(year FROM ($1::timestamptz) AT TIME ZONE $2)::smallint`;
  const fiscal = fiscalYearSql('($1::timestamptz)', '$2::text');
  await db.query(
    `WITH cal AS (
       INSERT INTO donor_years (year, customer_id, amount, count) VALUES (${year}, $3, $4, $5)
       ON CONFLICT (year, customer_id) DO UPDATE SET amount = donor_years.amount + EXCLUDED.amount, count = donor_years.count + EXCLUDED.count)
     INSERT INTO donor_fiscal_years (year, customer_id, amount, count) VALUES (${fiscal}, $3, $4, $5)
     ON CONFLICT (year, customer_id) DO UPDATE SET amount = donor_fiscal_years.amount + EXCLUDED.amount, count = donor_fiscal_years.count + EXCLUDED.count`,
    params,
  );
  if (sign < 0) {
    await db.query(
      `WITH cal AS (DELETE FROM donor_years WHERE year = ${year} AND customer_id = $3 AND count <= 0)
       DELETE FROM donor_fiscal_years WHERE year = ${fiscal} AND customer_id = $3 AND count <= 0`,
      params.slice(0, 3),
    );
  }
}

/**
 * First and last gift cannot be maintained by addition (a deleted gift may have been the first), so they are
 * re-read for the one donor from the per-customer indexes: a handful of rows, not the whole table.
 * `gave` (a gift of this donor just succeeded) also turns the donor's `is_donor` flag on, in the same statement.
 * Answers whether the first gift moved (the donor's appeals then read whether they are new again).
 */
async function refreshDonorDates(db: Queryable, customerId: string, gave: boolean): Promise<boolean> {
  const rows: Array<{ moved: boolean }> = await db.query(
    `WITH became_donor AS (UPDATE donors SET is_donor = true WHERE $2::boolean AND id = $1 AND NOT is_donor),
     was AS (SELECT first_gift_at FROM donor_totals WHERE customer_id = $1),
     up AS (
       UPDATE donor_totals t SET first_gift_at = g.first_at, last_gift_at = g.last_at
         FROM (SELECT min(at) AS first_at, max(at) AS last_at FROM (
                 SELECT created AS at FROM charges WHERE customer_id = $1 AND status = 'succeeded'
                 UNION ALL SELECT donation_date FROM manual_donations WHERE stripe_customer_id = $1) x) g
        WHERE t.customer_id = $1
        RETURNING t.first_gift_at)
     SELECT (SELECT first_gift_at FROM up) IS DISTINCT FROM (SELECT first_gift_at FROM was) AS moved`,
    [customerId, gave],
  );
  return !!rows[0]?.moved;
}

/**
 * Applies (after - before) to the aggregates. Call it inside the transaction that writes the row, after the
 * row itself is written (the donor's first/last gift dates are re-read from the rows), holding the merges lock
 * shared (donor-merges.ts) from before the row's own lock; the donors' locks are taken here.
 */
export async function applyContributionChange(
  db: Queryable,
  before: Contribution | null,
  after: Contribution | null,
  timeZone: string,
): Promise<void> {
  if (contributionUnchanged(before, after)) return;
  const donors = new Map<string, { amount: number; count: number }>();
  for (const [c, sign] of [
    [before, -1],
    [after, 1],
  ] as const) {
    if (!c?.customerId) continue;
    const d = donors.get(c.customerId) ?? { amount: 0, count: 0 };
    d.amount += sign * c.amount;
    d.count += sign * c.count;
    donors.set(c.customerId, d);
  }
  // The donors' locks first, both in one sorted statement (a merge's move names two): the writers of one donor's
  // totals, first gift and appeal rows (the worker's batches, manual gifts, moves, merges) take turns.
  // Someone becomes a donor when a gift succeeds: the customer projection decides the flag for a row it inserts
  // from donor_totals under this same lock, so whichever of the two commits first, the other sees it.
  await lockRows(
    db,
    [...donors.keys()].map((id) => `donors:${id}`),
  );
  for (const part of partChanges(before, after)) await addToDaily(db, part, 1, timeZone);
  await applyDonorYearChange(db, before, after, timeZone);
  const firstMoved: string[] = [];
  for (const [customerId, d] of donors) {
    const gave =
      after?.customerId === customerId && after.count > 0 && !(before?.customerId === customerId && before.count > 0);
    if (d.amount !== 0 || d.count !== 0) await addToDonor(db, customerId, d.amount, d.count);
    if (await refreshDonorDates(db, customerId, gave)) firstMoved.push(customerId);
  }
  const appeals = new AppealTotalsBatch();
  appeals.add(before, after);
  await appeals.flush(db, firstMoved);
}

async function applyDonorYearChange(
  db: Queryable,
  before: Contribution | null,
  after: Contribution | null,
  timeZone: string,
): Promise<void> {
  if (before?.customerId && after?.customerId && sameBucket(before, after)) {
    if (before.amount === after.amount && before.count === after.count) return;
    // A gift counts once whatever its amount, so only the amount moves (a refund): the row stays.
    return addToDonorYear(
      db,
      { ...after, amount: after.amount - before.amount, count: after.count - before.count },
      1,
      timeZone,
    );
  }
  if (before?.customerId) await addToDonorYear(db, before, -1, timeZone);
  if (after?.customerId) await addToDonorYear(db, after, 1, timeZone);
}

/** Whether a customer already has a gift in the aggregates (read by the customer projection under lockRow). */
export async function hasGift(db: Queryable, customerId: string): Promise<boolean> {
  const found = await cached(db, `has-gift:${customerId}`, async () => {
    const rows = await db.query(`SELECT 1 FROM donor_totals WHERE customer_id = $1 AND donation_count > 0`, [
      customerId,
    ]);
    return rows.length > 0 ? { yes: true } : null;
  });
  return found !== null;
}

/**
 * donor_years from the gift rows in one pass (the migration that adds it, the bulk loader): the same rows that
 * applying every gift through applyContributionChange leaves.
 */
export async function rebuildDonorYears(db: Queryable, timeZone: string): Promise<void> {
  await db.query(`DELETE FROM donor_years`);
  await db.query(
    `INSERT INTO donor_years (year, customer_id, amount, count)
     SELECT extract(year FROM at AT TIME ZONE $1)::smallint, customer_id, sum(net), count(*) FROM (
       SELECT customer_id, ${netCentsSql()} AS net, created AS at FROM charges WHERE status = 'succeeded' AND customer_id IS NOT NULL
       UNION ALL
       SELECT stripe_customer_id, amount, donation_date FROM manual_donations WHERE stripe_customer_id IS NOT NULL) g
     GROUP BY 1, 2`,
    [timeZone],
  );
}

/**
 * donor_fiscal_years from the gift rows in one pass, by the fiscal year start in force: the migration that adds
 * it, the bulk loader, and an owner changing the start month (in the transaction that stores the new month,
 * with `lock`). The lock (EXCLUSIVE: reads go on, writers wait) makes a gift projected meanwhile wait; its
 * statement, which reads the start month itself, then runs on a fresh snapshot that sees the new month and the
 * rebuilt rows, and a gift written before the lock has committed, so the rebuild reads it.
 */
export async function rebuildDonorFiscalYears(
  db: Queryable,
  timeZone: string,
  opts: { lock?: boolean } = {},
): Promise<void> {
  if (opts.lock) await db.query(`LOCK TABLE donor_fiscal_years IN EXCLUSIVE MODE`);
  await db.query(`DELETE FROM donor_fiscal_years`);
  await db.query(
    `INSERT INTO donor_fiscal_years (year, customer_id, amount, count)
     SELECT ${fiscalYearSql('at', '$1::text')}, customer_id, sum(net), count(*) FROM (
       SELECT customer_id, ${netCentsSql()} AS net, created AS at FROM charges WHERE status = 'succeeded' AND customer_id IS NOT NULL
       UNION ALL
       SELECT stripe_customer_id, amount, donation_date FROM manual_donations WHERE stripe_customer_id IS NOT NULL) g
     GROUP BY 1, 2`,
    [timeZone],
  );
}
