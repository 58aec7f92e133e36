import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

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

/**
 * Analytics reads only the incremental aggregates, never the charges: all-time figures from monthly_totals
 * (a few rows per month) and the last days from daily_totals, so its cost does not follow the number of gifts.
 */
@Injectable()
export class AnalyticsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** All-time totals per source, donation type and brand (from the monthly rollup). */
  async totalsByKind(): Promise<TotalsByKind[]> {
    return this.ds.query(
      `SELECT source, donation_type, brand, sum(amount)::bigint AS amount, sum(count)::bigint AS count
         FROM monthly_totals GROUP BY source, donation_type, brand`,
    );
  }

  /** Card charges that failed, ever (charges_unsettled_idx: reads only the charges that did not succeed). */
  async failedCharges(): Promise<number> {
    const [row] = await this.ds.query(`SELECT count(*)::bigint AS n FROM charges WHERE status <> 'succeeded' AND status = 'failed'`);
    return Number(row.n);
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
