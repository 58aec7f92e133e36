import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface PaymentIntentRow {
  id: string;
  customer_id: string | null;
  amount: string;
  currency: string;
  status: string;
  description: string | null;
  receipt_email: string | null;
  latest_charge_id: string | null;
  metadata: Record<string, string>;
  created: string;
}

@Injectable()
export class PaymentIntentsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** Newest first on payment_intents_created_idx. */
  async recent(limit: number): Promise<PaymentIntentRow[]> {
    return this.ds.query(
      `SELECT id, customer_id, amount, currency, status, description, receipt_email, latest_charge_id, metadata,
              extract(epoch FROM created)::bigint AS created
         FROM payment_intents ORDER BY created DESC, id DESC LIMIT $1`,
      [limit],
    );
  }
}
