import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { FrequencySum } from '../../../core/src/gifts/recurring-revenue.js';

/** The statuses a plan shows (subscriptions.plan_status, derived in the database). */
export const PLAN_STATUSES = ['active', 'past_due', 'paused', 'canceled', 'incomplete'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** A plan as the screens read it (bigints and epochs come as text). */
export interface PlanRow {
  id: string;
  customer_id: string | null;
  donor_name: string | null;
  donor_email: string | null;
  plan_status: PlanStatus;
  status: string;
  amount: string | null;
  currency: string | null;
  frequency: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  cancel_at: string | null;
  canceled_at: string | null;
  ended_at: string | null;
  started: string;
  created: string;
  resumes_at: string | null;
}

export interface FailedInvoiceRow {
  id: string;
  subscription_id: string;
  status: string;
  amount_due: string;
  attempt_count: number;
  next_payment_attempt: string | null;
  created: string;
}

export interface RecurringSummaryRow {
  activeDonors: number;
  activeByFrequency: FrequencySum[];
  canceledLast30Days: number;
  byStatus: Record<string, number>;
}

/** Where a keyset page starts: after this plan in (created DESC, id DESC) order. */
export interface PlanCursor {
  created: string;
  id: string;
}

const epoch = (col: string) => `extract(epoch FROM ${col})::bigint`;

// The donor's name: the donors row, else what the donation form put in the subscription's metadata.
const PLAN_COLUMNS = `s.id, s.customer_id, coalesce(d.name, s.metadata->>'donor_name') AS donor_name,
  coalesce(d.email, s.metadata->>'donor_email') AS donor_email, s.plan_status, s.status, s.amount, s.currency, s.frequency,
  ${epoch('s.current_period_end')} AS current_period_end, s.cancel_at_period_end, ${epoch('s.cancel_at')} AS cancel_at,
  ${epoch('s.canceled_at')} AS canceled_at, ${epoch('s.ended_at')} AS ended_at,
  ${epoch('coalesce(s.start_date, s.created)')} AS started, to_char(s.created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created,
  (s.pause_collection->>'resumes_at')::bigint AS resumes_at`;

/** SQL of the Recurring view and the donor profile's plans. Every figure comes from the read model. */
@Injectable()
export class RecurringRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /**
   * The summary: counts, amounts and donors from plan_totals and recurring_totals (a dozen rows, kept by a
   * trigger on subscriptions), recent cancellations from subscriptions_ended_idx (a range of the index).
   */
  async summary(canceledSince: Date): Promise<RecurringSummaryRow> {
    const [[donors], totals, [canceled]] = await Promise.all([
      this.ds.query(`SELECT coalesce((SELECT active_donors FROM recurring_totals), 0) AS n`),
      this.ds.query(`SELECT plan_status, frequency, plans, amount FROM plan_totals WHERE plans <> 0`),
      this.ds.query(`SELECT count(*)::int AS n FROM subscriptions WHERE plan_status = 'canceled' AND ended_at >= $1`, [
        canceledSince,
      ]),
    ]);
    const rows = totals as { plan_status: string; frequency: string; plans: number; amount: string }[];
    const byStatus: Record<string, number> = {};
    for (const r of rows) byStatus[r.plan_status] = (byStatus[r.plan_status] ?? 0) + r.plans;
    return {
      activeDonors: donors.n,
      activeByFrequency: rows
        .filter((r) => r.plan_status === 'active')
        .map((r) => ({ frequency: r.frequency || null, cents: Number(r.amount) })),
      canceledLast30Days: canceled.n,
      byStatus,
    };
  }

  /**
   * One keyset page of plans, newest first, whole or of one status: the page is cut on
   * subscriptions_started_idx or subscriptions_plan_status_idx however deep it is, and only its rows are joined
   * to their donors. One row more than asked tells whether another page follows. No count: the summary's
   * byStatus has them, and counting 100k plans on every page turn would cost more than the page.
   */
  async page(opts: { status?: PlanStatus; after?: PlanCursor; limit: number }): Promise<PlanRow[]> {
    const params: unknown[] = [opts.limit];
    const where: string[] = [];
    if (opts.status) {
      params.push(opts.status);
      where.push(`plan_status = $${params.length}`);
    }
    if (opts.after) {
      params.push(opts.after.created, opts.after.id);
      where.push(`(created, id) < ($${params.length - 1}::timestamptz, $${params.length})`);
    }
    return this.ds.query(
      `SELECT ${PLAN_COLUMNS}
         FROM (SELECT id FROM subscriptions ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created DESC, id DESC LIMIT $1) p
         JOIN subscriptions s ON s.id = p.id
         LEFT JOIN donors d ON d.id = s.customer_id
        ORDER BY s.created DESC, s.id DESC`,
      params,
    );
  }

  /** One donor's plans, newest first. */
  async byCustomer(customerId: string): Promise<PlanRow[]> {
    return this.ds.query(
      `SELECT ${PLAN_COLUMNS} FROM subscriptions s LEFT JOIN donors d ON d.id = s.customer_id
        WHERE s.customer_id = $1 ORDER BY s.created DESC, s.id DESC`,
      [customerId],
    );
  }

  async find(id: string): Promise<PlanRow | null> {
    const [row] = await this.ds.query(
      `SELECT ${PLAN_COLUMNS} FROM subscriptions s LEFT JOIN donors d ON d.id = s.customer_id WHERE s.id = $1`,
      [id],
    );
    return row ?? null;
  }

  /** Renewals still unpaid after at least one failed attempt (open: Stripe retries; uncollectible: it gave up). */
  async failedInvoices(subscriptionIds: string[]): Promise<FailedInvoiceRow[]> {
    if (!subscriptionIds.length) return [];
    return this.ds.query(
      `SELECT id, subscription_id, status, amount_due, attempt_count, ${epoch('next_payment_attempt')} AS next_payment_attempt, ${epoch('created')} AS created
         FROM invoices
        WHERE subscription_id = ANY($1) AND attempt_count > 0 AND status IN ('open', 'uncollectible')
        ORDER BY created DESC, id DESC`,
      [subscriptionIds],
    );
  }
}
