import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { payoutArrivesSql } from '../../../core/src/gifts/calendar.js';
import { MOVEMENT_TYPES, type MoneyLineSums } from '../../../core/src/read-model/money-lines.js';

/** A month as its local days in the school's zone. */
export interface MonthDays {
  month: string;
  fromDay: string;
  toDay: string;
  timeZone: string;
}

/** Balance transactions of the month by method of their gift ('card', 'bank', or 'other': no gift), fund and type. */
export interface MethodFundLines extends MoneyLineSums {
  method: 'card' | 'bank' | 'other';
  fund: string;
}

export interface ManualByTypeFund {
  donation_type: string;
  fund: string;
  amount: string;
  count: string;
}

export interface MonthPayoutRow {
  id: string;
  amount: string;
  status: string;
  arrival_date: Date;
}

/** The local days $1..$2 in zone $3, as a condition on a timestamptz column. */
const inDays = (col: string) =>
  `${col} >= ($1::date)::timestamp AT TIME ZONE $3::text AND ${col} < ($2::date + 1)::timestamp AT TIME ZONE $3::text`;
const dayParams = (m: MonthDays) => [m.fromDay, m.toDay, m.timeZone];
const MOVEMENT = MOVEMENT_TYPES.map((t) => `'${t}'`).join(', ');

/**
 * The Month-end view's SQL. Stripe's money of the month is monthly_money's row (the dashboard reads the same),
 * each line in the month Stripe made it; split by method and fund from the month's balance transactions and
 * their gifts; manual gifts by their date; the payouts arriving in the month.
 */
@Injectable()
export class MonthEndRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async money(m: MonthDays): Promise<MoneyLineSums[]> {
    return this.ds.query(
      `SELECT type, amount::text, fee::text, net::text FROM monthly_money WHERE month = ($1 || '-01')::date`,
      [m.month],
    );
  }

  async linesByMethodAndFund(m: MonthDays): Promise<MethodFundLines[]> {
    return this.ds.query(
      `SELECT CASE WHEN c.id IS NULL THEN 'other' WHEN c.brand IS NULL THEN 'bank' ELSE 'card' END AS method,
              COALESCE(f.name, 'No gift') AS fund, b.type,
              sum(b.amount)::text AS amount, sum(b.fee)::text AS fee, sum(b.net)::text AS net
         FROM balance_transactions b
         LEFT JOIN charges c ON c.id = b.charge_id
         LEFT JOIN funds f ON f.id = c.fund_id
        WHERE ${inDays('b.created')} AND b.type NOT IN (${MOVEMENT})
        GROUP BY 1, 2, 3`,
      dayParams(m),
    );
  }

  async manualByTypeAndFund(m: MonthDays): Promise<ManualByTypeFund[]> {
    return this.ds.query(
      `SELECT md.donation_type, f.name AS fund, sum(md.amount)::text AS amount, count(*)::text AS count
         FROM manual_donations md JOIN funds f ON f.id = md.fund_id
        WHERE ${inDays('md.donation_date')}
        GROUP BY 1, 2`,
      dayParams(m),
    );
  }

  /** The payouts that belong to the month: those arriving (or expected) on its days (core's payoutArrivalDay), failed ones included. */
  async payouts(m: MonthDays): Promise<MonthPayoutRow[]> {
    return this.ds.query(
      `SELECT id, amount::text, status, arrival_date FROM payouts WHERE ${payoutArrivesSql('arrival_date', '$1', '$2')} ORDER BY arrival_date, id`,
      [m.fromDay, m.toDay],
    );
  }
}
