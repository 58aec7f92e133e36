import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MoneyLineSums } from '../../../core/src/read-model/money-lines.js';

export interface TotalsByKind {
  source: 'card' | 'manual';
  donation_type: string;
  brand: string;
  amount: string;
  count: string;
}

export interface TotalsByDay {
  day: string;
  amount: string;
  count: string;
}

export interface TotalsByMonth {
  /** 'yyyy-MM' */
  month: string;
  amount: string;
}

/** Balance transactions of one type in one month (summed); core/src/read-model/money-lines.ts makes the figures. */
export interface MoneyByMonth extends MoneyLineSums {
  /** 'yyyy-MM' */
  month: string;
}

/** Months as an inclusive range of 'yyyy-MM' (a calendar or fiscal year); null: all time. */
export type MonthRange = { from: string; to: string } | null;

const monthFilter = (range: MonthRange, col = 'month') =>
  range ? `WHERE ${col} BETWEEN ($1 || '-01')::date AND ($2 || '-01')::date` : '';
const monthParams = (range: MonthRange) => (range ? [range.from, range.to] : []);

/**
 * Analytics reads only the incremental aggregates, never the charges: totals from monthly_totals (a few rows
 * per month), the last days from daily_totals, and Stripe's gross, fees and net from monthly_money, so its cost
 * does not follow the number of gifts. A year (calendar or fiscal) is a range of months of those tables.
 */
@Injectable()
export class AnalyticsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** Totals per source, donation type and brand over the months (from the monthly rollup). */
  async totalsByKind(range: MonthRange = null): Promise<TotalsByKind[]> {
    return this.ds.query(
      `SELECT source, donation_type, brand, sum(amount)::bigint AS amount, sum(count)::bigint AS count
         FROM monthly_totals ${monthFilter(range)} GROUP BY source, donation_type, brand`,
      monthParams(range),
    );
  }

  /** Totals per month over the months (months without gifts are absent). */
  async totalsByMonth(range: MonthRange): Promise<TotalsByMonth[]> {
    return this.ds.query(
      `SELECT to_char(month, 'YYYY-MM') AS month, sum(amount)::bigint AS amount FROM monthly_totals ${monthFilter(range)} GROUP BY month`,
      monthParams(range),
    );
  }

  /** Stripe's balance transactions per month and type (monthly_money: each line in the month it was made). */
  async moneyByMonth(range: MonthRange): Promise<MoneyByMonth[]> {
    return this.ds.query(
      `SELECT to_char(month, 'YYYY-MM') AS month, type, amount::bigint AS amount, fee::bigint AS fee, net::bigint AS net
         FROM monthly_money ${monthFilter(range)}`,
      monthParams(range),
    );
  }

  /**
   * Card charges that failed: ever (failed_charge_total, kept by a trigger on charges), or in the local days
   * fromDay..toDay (charges_unsettled_idx: reads only the charges that did not succeed).
   */
  async failedCharges(days: { fromDay: string; toDay: string; timeZone: string } | null = null): Promise<number> {
    if (!days) {
      const [total] = await this.ds.query(`SELECT charges FROM failed_charge_total`);
      return Number(total?.charges ?? 0);
    }
    const [row] = await this.ds.query(
      `SELECT count(*)::bigint AS n FROM charges WHERE status <> 'succeeded' AND status = 'failed'
          AND created >= ($1::date)::timestamp AT TIME ZONE $3 AND created < ($2::date + 1)::timestamp AT TIME ZONE $3`,
      [days.fromDay, days.toDay, days.timeZone],
    );
    return Number(row.n);
  }

  /**
   * Gifts still on their way: bank debits that are processing (charge `pending`). They count in no total until
   * the money arrives. A placeholder made from a dispute that came before its charge (version 0) is no gift.
   */
  async pendingCharges(): Promise<{ count: number; cents: number }> {
    const [row] = await this.ds.query(
      `SELECT count(*)::bigint AS n, coalesce(sum(amount), 0)::bigint AS cents FROM charges
        WHERE status <> 'succeeded' AND status = 'pending' AND last_event_created > 0`,
    );
    return { count: Number(row.n), cents: Number(row.cents) };
  }

  /** Totals per local day from `fromDay` on (days without gifts are absent). */
  async totalsByDay(fromDay: string): Promise<TotalsByDay[]> {
    return this.ds.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(amount)::bigint AS amount, sum(count)::bigint AS count
         FROM daily_totals WHERE day >= $1::date GROUP BY day ORDER BY day`,
      [fromDay],
    );
  }
}
