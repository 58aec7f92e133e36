import type { Queryable } from '../db/queryable.js';
import { netCentsSql } from '../gifts/net-amount.js';

/** What a gift row gives its appeal: the part of a Contribution (read-model/aggregates.ts) the appeal totals read. */
export interface AppealShare {
  appealId?: string | null;
  /** The first gift of a plan started through the appeal (counts in recurring_started). */
  planStart?: boolean;
  customerId: string | null;
  /** Net cents, by the dashboard's rule (refunds and disputes holding the funds taken out). */
  amount: number;
  /** 1 for a counted gift (a succeeded charge, a manual gift), else 0. */
  count: number;
}

export function sameAppealShare(a: AppealShare, b: AppealShare): boolean {
  return (a.appealId ?? null) === (b.appealId ?? null) && !!a.planStart === !!b.planStart;
}

/**
 * Whether a donor is new to an appeal (appeal_donors.is_new), as SQL over `d` (an appeal_donors row or any row with
 * customer_id) and `a` (its appeals row): their first gift to the school (donor_totals.first_gift_at: the first
 * succeeded charge or manual gift, whatever it was credited to) came on or after the appeal's first instant. The
 * Appeals report's "new donors" are the appeal's donors with a counted gift that are new (new_donor_count).
 */
const IS_NEW = (d: string, a: string) =>
  `coalesce((SELECT t.first_gift_at FROM donor_totals t WHERE t.customer_id = ${d}.customer_id) >= ${a}.starts_at, false)`;

/**
 * The appeals' progress (appeal_totals, and appeal_donors behind its donor and new donor counts), changed by every
 * writer of a gift row in the transaction that writes the row, from the same before/after contributions as the
 * dashboard's totals: a gift moves its appeal's totals exactly as much as it moves the day's. Deltas add up here
 * and go out as one statement (once per gift, or once per batch of the worker's projections).
 * donor_count counts the donors with at least one counted gift to the appeal: a donor's row going from none to
 * some adds one, from some to none takes one away. new_donor_count counts those of them that are new (IS_NEW),
 * which also changes when a donor's first gift changes with no appeal involved (a backdated check, a deleted
 * gift, a merge): the flush re-reads is_new for every donor it is given.
 *
 * Call flush after donor_totals' first and last gift are written, holding the donors' locks (`donors:<id>`,
 * core/src/db/row-lock.ts) of every donor named, so two writers of one donor's rows never interleave; and holding
 * the merges lock shared (donor-merges.ts), which a change of an appeal's first day takes exclusively
 * (recountNewDonors).
 */
export class AppealTotalsBatch {
  private readonly appeals = new Map<string, { raised: number; gifts: number; plans: number }>();
  private readonly donors = new Map<string, { appealId: string; customerId: string; delta: number }>();

  get empty(): boolean {
    return this.appeals.size === 0 && this.donors.size === 0;
  }

  add(before: AppealShare | null, after: AppealShare | null): void {
    for (const [c, sign] of [
      [before, -1],
      [after, 1],
    ] as const) {
      if (!c?.appealId) continue;
      const a = this.appeals.get(c.appealId) ?? { raised: 0, gifts: 0, plans: 0 };
      a.raised += sign * c.amount;
      a.gifts += sign * c.count;
      if (c.planStart) a.plans += sign * c.count;
      this.appeals.set(c.appealId, a);
      if (!c.customerId) continue;
      const key = `${c.appealId}|${c.customerId}`;
      const d = this.donors.get(key) ?? { appealId: c.appealId, customerId: c.customerId, delta: 0 };
      d.delta += sign * c.count;
      this.donors.set(key, d);
    }
  }

  /** `firstGiftMoved`: donors whose first gift changed in this transaction (their is_new is read again). */
  async flush(db: Queryable, firstGiftMoved: Iterable<string> = []): Promise<void> {
    const refresh = [...new Set([...firstGiftMoved, ...[...this.donors.values()].map((d) => d.customerId)])].sort();
    const donors = [...this.donors.values()]
      .filter((d) => d.delta !== 0)
      .sort((x, y) => (x.appealId + x.customerId).localeCompare(y.appealId + y.customerId));
    const appeals = [...this.appeals.entries()]
      .filter(([, a]) => a.raised !== 0 || a.gifts !== 0 || a.plans !== 0)
      .sort(([x], [y]) => x.localeCompare(y));
    this.appeals.clear();
    this.donors.clear();
    if (!donors.length && !appeals.length && !refresh.length) return;
    // One statement: the donors' rows (their gift counts, and is_new read again for every donor in `refresh`: the
    // rows are theirs alone under their locks, so `old` is what the rows hold), then each appeal's totals with the
    // donors and new donors who came or went.
    await db.query(
      `WITH d AS (SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[]) AS t(appeal_id, customer_id, delta)),
       old AS (SELECT appeal_id, customer_id, is_new FROM appeal_donors WHERE customer_id = ANY($8::text[])),
       k AS (SELECT appeal_id, customer_id FROM d UNION SELECT appeal_id, customer_id FROM old),
       ch AS (
         SELECT k.appeal_id, k.customer_id, coalesce(d.delta, 0) AS delta, coalesce(old.is_new, false) AS was_new,
                ${IS_NEW('k', 'a')} AS is_new
           FROM k LEFT JOIN appeals a ON a.id = k.appeal_id
           LEFT JOIN d USING (appeal_id, customer_id) LEFT JOIN old USING (appeal_id, customer_id)),
       up AS (
         INSERT INTO appeal_donors (appeal_id, customer_id, gift_count, is_new)
         SELECT appeal_id, customer_id, delta, is_new FROM ch WHERE delta <> 0 OR is_new <> was_new ORDER BY 1, 2
         ON CONFLICT (appeal_id, customer_id) DO UPDATE SET gift_count = appeal_donors.gift_count + EXCLUDED.gift_count,
           is_new = EXCLUDED.is_new
         RETURNING appeal_id, customer_id, gift_count, is_new),
       came AS (
         SELECT up.appeal_id, sum(CASE WHEN up.gift_count > 0 AND up.gift_count - ch.delta <= 0 THEN 1
                                       WHEN up.gift_count <= 0 AND up.gift_count - ch.delta > 0 THEN -1 ELSE 0 END)::int AS donors,
                sum((up.gift_count > 0 AND up.is_new)::int - (up.gift_count - ch.delta > 0 AND ch.was_new)::int)::int AS new_donors
           FROM up JOIN ch USING (appeal_id, customer_id) GROUP BY 1),
       a AS (SELECT * FROM unnest($4::uuid[], $5::bigint[], $6::int[], $7::int[]) AS t(appeal_id, raised, gifts, plans))
       INSERT INTO appeal_totals (appeal_id, raised_cents, gift_count, donor_count, recurring_started, new_donor_count)
       SELECT appeal_id, coalesce(a.raised, 0), coalesce(a.gifts, 0), coalesce(came.donors, 0), coalesce(a.plans, 0),
              coalesce(came.new_donors, 0)
         FROM a FULL JOIN came USING (appeal_id) ORDER BY 1
       ON CONFLICT (appeal_id) DO UPDATE SET
         raised_cents = appeal_totals.raised_cents + EXCLUDED.raised_cents,
         gift_count = appeal_totals.gift_count + EXCLUDED.gift_count,
         donor_count = appeal_totals.donor_count + EXCLUDED.donor_count,
         recurring_started = appeal_totals.recurring_started + EXCLUDED.recurring_started,
         new_donor_count = appeal_totals.new_donor_count + EXCLUDED.new_donor_count`,
      [
        donors.map((d) => d.appealId),
        donors.map((d) => d.customerId),
        donors.map((d) => d.delta),
        appeals.map(([id]) => id),
        appeals.map(([, a]) => a.raised),
        appeals.map(([, a]) => a.gifts),
        appeals.map(([, a]) => a.plans),
        refresh,
      ],
    );
  }
}

/**
 * An appeal's new donors counted again after its first day moved (staff changed it): every donor of the appeal is
 * new or not by the new day. Call with the merges lock held exclusively (holdMergesExclusive), taken before the
 * appeal's row: every writer of a gift holds it shared, so none reads the old first day meanwhile.
 */
export async function recountNewDonors(db: Queryable, appealId: string): Promise<void> {
  await db.query(
    `UPDATE appeal_donors d SET is_new = n.is_new
       FROM (SELECT k.customer_id, ${IS_NEW('k', 'a')} AS is_new
               FROM appeal_donors k JOIN appeals a ON a.id = k.appeal_id WHERE k.appeal_id = $1) n
      WHERE d.appeal_id = $1 AND d.customer_id = n.customer_id AND d.is_new <> n.is_new`,
    [appealId],
  );
  await db.query(
    `UPDATE appeal_totals SET new_donor_count =
       (SELECT count(*) FROM appeal_donors WHERE appeal_id = $1 AND gift_count > 0 AND is_new)
      WHERE appeal_id = $1`,
    [appealId],
  );
}

/**
 * The same totals recomputed from the gift rows (the test's and the operator's check; and the rebuild after a
 * bulk load): what applying every gift through AppealTotalsBatch leaves, by the dashboard's net rule (netCentsSql).
 */
export async function rebuildAppealTotals(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM appeal_donors`);
  await db.query(`DELETE FROM appeal_totals`);
  await db.query(
    `WITH g AS (
       SELECT c.appeal_id, c.customer_id, ${netCentsSql('c')} AS net, c.appeal_plan_start AS plan_start FROM charges c
        WHERE c.status = 'succeeded' AND c.appeal_id IS NOT NULL
       UNION ALL
       SELECT appeal_id, stripe_customer_id, amount, false FROM manual_donations WHERE appeal_id IS NOT NULL),
     dn AS (INSERT INTO appeal_donors (appeal_id, customer_id, gift_count, is_new)
            SELECT k.appeal_id, k.customer_id, k.gifts, ${IS_NEW('k', 'a')}
              FROM (SELECT appeal_id, customer_id, count(*) AS gifts FROM g WHERE customer_id IS NOT NULL GROUP BY 1, 2) k
              JOIN appeals a ON a.id = k.appeal_id
            RETURNING appeal_id, is_new),
     nd AS (SELECT appeal_id, count(*) FILTER (WHERE is_new) AS n FROM dn GROUP BY 1),
     gt AS (SELECT appeal_id, sum(net) AS raised, count(*) AS gifts, count(DISTINCT customer_id) AS donors,
                   count(*) FILTER (WHERE plan_start) AS plans FROM g GROUP BY 1)
     INSERT INTO appeal_totals (appeal_id, raised_cents, gift_count, donor_count, recurring_started, new_donor_count)
     SELECT gt.appeal_id, gt.raised, gt.gifts, gt.donors, gt.plans, coalesce(nd.n, 0) FROM gt LEFT JOIN nd USING (appeal_id)`,
  );
}
