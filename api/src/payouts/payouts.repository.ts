import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { payoutArrivesSql } from '../../../core/src/gifts/calendar.js';
import type { MoneyLineSums } from '../../../core/src/read-model/money-lines.js';

export interface PayoutListRow {
  id: string;
  amount: string;
  currency: string;
  status: string;
  arrival_date: Date;
  created: Date;
  failure_message: string | null;
  lines_synced: boolean;
}

export interface PayoutLineRow {
  id: string;
  type: string;
  reporting_category: string;
  amount: string;
  fee: string;
  net: string;
  created: Date;
  charge_id: string | null;
  source_id: string | null;
  payee: string | null;
}

export interface PayoutSumsRow {
  deposited: string;
  in_transit: string;
}

/** Calendar days fromDay..toDay (both included) a payout arrives on (core's payoutArrivalDay rule). */
export interface ArrivalDays {
  fromDay: string;
  toDay: string;
}

/** WHERE the payout arrives on those days; its parameters start at $first. */
const arriving = (days: ArrivalDays | null, first: number) =>
  days ? `WHERE ${payoutArrivesSql('arrival_date', `$${first}`, `$${first + 1}`)}` : '';
const arrivalParams = (days: ArrivalDays | null) => (days ? [days.fromDay, days.toDay] : []);

/** The payouts view's SQL: payouts, the balance transactions each carried, and the totals of all money movement. */
@Injectable()
export class PayoutsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** A page of payouts, newest arrival first; with `days`, only those arriving on those days (payouts_arrival_idx). */
  async page(limit: number, offset: number, days: ArrivalDays | null = null): Promise<PayoutListRow[]> {
    return this.ds.query(
      `SELECT id, amount::text, currency, status, arrival_date, created, failure_message, lines_synced_at IS NOT NULL AS lines_synced
       FROM payouts ${arriving(days, 3)} ORDER BY arrival_date DESC, id DESC LIMIT $1 OFFSET $2`,
      [limit, offset, ...arrivalParams(days)],
    );
  }

  /** The payouts arriving on those days that did not fail: how many, and what they took to the bank. */
  async arrivedIn(days: ArrivalDays): Promise<{ count: number; amount: string }> {
    const [row] = await this.ds.query(
      `SELECT count(*)::int AS count, COALESCE(sum(amount), 0)::text AS amount FROM payouts ${arriving(days, 1)} AND status NOT IN ('failed', 'canceled')`,
      arrivalParams(days),
    );
    return row;
  }

  async find(id: string): Promise<PayoutListRow | null> {
    const rows = await this.ds.query(
      `SELECT id, amount::text, currency, status, arrival_date, created, failure_message, lines_synced_at IS NOT NULL AS lines_synced FROM payouts WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** What one payout carried, oldest first, each with the donor the gift came from. */
  async lines(payoutId: string): Promise<PayoutLineRow[]> {
    return this.ds.query(
      `SELECT b.id, b.type, b.reporting_category, b.amount::text, b.fee::text, b.net::text, b.created, b.charge_id, b.source_id,
              COALESCE(NULLIF(d.name, ''), NULLIF(c.billing_name, ''), d.email, c.billing_email) AS payee
       FROM balance_transactions b
       LEFT JOIN charges c ON c.id = b.charge_id
       LEFT JOIN donors d ON d.id = c.customer_id
       WHERE b.payout_id = $1
       ORDER BY b.created, b.id`,
      [payoutId],
    );
  }

  /** Every balance transaction known, summed per type (core/src/read-model/money-lines.ts makes the figures). */
  async linesByType(): Promise<MoneyLineSums[]> {
    return this.ds.query(
      `SELECT type, sum(amount)::text AS amount, sum(fee)::text AS fee, sum(net)::text AS net FROM balance_transactions GROUP BY type`,
    );
  }

  /** What payouts that did not fail took: deposited (paid) and on its way (pending or in transit). */
  async payoutSums(): Promise<PayoutSumsRow> {
    const [row] = await this.ds.query(
      `SELECT COALESCE(sum(amount) FILTER (WHERE status = 'paid'), 0)::text AS deposited,
              COALESCE(sum(amount) FILTER (WHERE status IN ('pending', 'in_transit')), 0)::text AS in_transit
         FROM payouts`,
    );
    return row;
  }
}
