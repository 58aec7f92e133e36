import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CardFeeSample } from '../../../core/src/gifts/card-fee-rate.js';

/** How far back "recent" card charges go, and how many of them are read at most. */
export const RECENT_CARD_FEE_DAYS = 90;
const MAX_SAMPLES = 500;

/** The read model's recent card charges (balance transactions of charges paid by card) with the fee Stripe took. */
@Injectable()
export class CardFeeSamplesRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async recent(): Promise<CardFeeSample[]> {
    const rows: { amount: number; fee: number }[] = await this.ds.query(
      `SELECT bt.amount::float8 AS amount, bt.fee::float8 AS fee
         FROM balance_transactions bt JOIN charges c ON c.id = bt.charge_id
        WHERE bt.type = 'charge' AND bt.currency = 'usd' AND bt.amount > 0 AND c.brand IS NOT NULL
          AND bt.created >= now() - make_interval(days => $1)
        ORDER BY bt.created DESC LIMIT $2`,
      [RECENT_CARD_FEE_DAYS, MAX_SAMPLES],
    );
    return rows.map((r) => ({ amountCents: r.amount, feeCents: r.fee }));
  }
}
