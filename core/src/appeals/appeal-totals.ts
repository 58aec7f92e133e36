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
 * The appeals' progress (appeal_totals, and appeal_donors behind its donor count), changed by every writer of a
 * gift row in the transaction that writes the row, from the same before/after contributions as the dashboard's
 * totals: a gift moves its appeal's totals exactly as much as it moves the day's. Deltas add up here and go out
 * as one statement (once per gift, or once per batch of the worker's projections).
 * donor_count counts the donors with at least one counted gift to the appeal: a donor's row going from none to
 * some adds one, from some to none takes one away.
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

  async flush(db: Queryable): Promise<void> {
    const donors = [...this.donors.values()]
      .filter((d) => d.delta !== 0)
      .sort((x, y) => (x.appealId + x.customerId).localeCompare(y.appealId + y.customerId));
    const appeals = [...this.appeals.entries()]
      .filter(([, a]) => a.raised !== 0 || a.gifts !== 0 || a.plans !== 0)
      .sort(([x], [y]) => x.localeCompare(y));
    this.appeals.clear();
    this.donors.clear();
    if (!donors.length && !appeals.length) return;
    // One statement: the donors' rows, then each appeal's totals with the donors who came or went.
    await db.query(
      `WITH d AS (SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[]) AS t(appeal_id, customer_id, delta)),
       up AS (
         INSERT INTO appeal_donors (appeal_id, customer_id, gift_count)
         SELECT appeal_id, customer_id, delta FROM d ORDER BY 1, 2
         ON CONFLICT (appeal_id, customer_id) DO UPDATE SET gift_count = appeal_donors.gift_count + EXCLUDED.gift_count
         RETURNING appeal_id, customer_id, gift_count),
       came AS (
         SELECT up.appeal_id, sum(CASE WHEN up.gift_count > 0 AND up.gift_count - d.delta <= 0 THEN 1
                                       WHEN up.gift_count <= 0 AND up.gift_count - d.delta > 0 THEN -1 ELSE 0 END)::int AS donors
           FROM up JOIN d USING (appeal_id, customer_id) GROUP BY 1),
       a AS (SELECT * FROM unnest($4::uuid[], $5::bigint[], $6::int[], $7::int[]) AS t(appeal_id, raised, gifts, plans))
       INSERT INTO appeal_totals (appeal_id, raised_cents, gift_count, donor_count, recurring_started)
       SELECT appeal_id, coalesce(a.raised, 0), coalesce(a.gifts, 0), coalesce(came.donors, 0), coalesce(a.plans, 0)
         FROM a FULL JOIN came USING (appeal_id) ORDER BY 1
       ON CONFLICT (appeal_id) DO UPDATE SET
         raised_cents = appeal_totals.raised_cents + EXCLUDED.raised_cents,
         gift_count = appeal_totals.gift_count + EXCLUDED.gift_count,
         donor_count = appeal_totals.donor_count + EXCLUDED.donor_count,
         recurring_started = appeal_totals.recurring_started + EXCLUDED.recurring_started`,
      [
        donors.map((d) => d.appealId),
        donors.map((d) => d.customerId),
        donors.map((d) => d.delta),
        appeals.map(([id]) => id),
        appeals.map(([, a]) => a.raised),
        appeals.map(([, a]) => a.gifts),
        appeals.map(([, a]) => a.plans),
      ],
    );
  }
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
     dn AS (INSERT INTO appeal_donors (appeal_id, customer_id, gift_count)
            SELECT appeal_id, customer_id, count(*) FROM g WHERE customer_id IS NOT NULL GROUP BY 1, 2)
     INSERT INTO appeal_totals (appeal_id, raised_cents, gift_count, donor_count, recurring_started)
     SELECT appeal_id, sum(net), count(*), count(DISTINCT customer_id), count(*) FILTER (WHERE plan_start) FROM g GROUP BY 1`,
  );
}
