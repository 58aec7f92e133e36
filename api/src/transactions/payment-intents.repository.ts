import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PaymentIntentRow } from '../../../core/src/read-model/to-payment-intent-row.js';

/** A payment_intents row as the list reads it (bigints come as text; `created` in unix seconds). */
export type PaymentIntentListing = Pick<
  PaymentIntentRow,
  'id' | 'customer_id' | 'currency' | 'status' | 'description' | 'receipt_email' | 'latest_charge_id' | 'metadata'
> & { amount: string; created: string };

@Injectable()
export class PaymentIntentsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** Newest first on payment_intents_created_idx. */
  async recent(limit: number): Promise<PaymentIntentListing[]> {
    return this.ds.query(
      `SELECT id, customer_id, amount, currency, status, description, receipt_email, latest_charge_id, metadata,
              extract(epoch FROM created)::bigint AS created
         FROM payment_intents ORDER BY created DESC, id DESC LIMIT $1`,
      [limit],
    );
  }
}
