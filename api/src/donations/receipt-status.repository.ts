import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { formatReceiptNumber } from '../../../core/src/acknowledgments/receipt-number.js';

export interface ReceiptState {
  /** The record token's hash the payment's metadata keeps (null: no such payment in the read model yet). */
  tokenHash: string | null;
  receiptNumber: string | null;
}

/**
 * The receipt number of a website gift once the worker has acknowledged it, read from the read model: the
 * one-time PaymentIntent's charge, or a subscription's first charge.
 */
@Injectable()
export class ReceiptStatusRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async forPayment(ref: { paymentIntentId?: string; subscriptionId?: string }): Promise<ReceiptState> {
    const rows: Array<{ token_hash: string | null; receipt_year: number | null; receipt_seq: number | null }> =
      ref.subscriptionId
        ? await this.ds.query(
            `SELECT s.metadata->>'record_token_sha256' AS token_hash, a.receipt_year, a.receipt_seq
             FROM subscriptions s
             LEFT JOIN LATERAL (SELECT id FROM charges WHERE subscription_id = s.id AND status = 'succeeded' ORDER BY created, id LIMIT 1) c ON true
             LEFT JOIN gift_acknowledgments a ON a.gift_kind = 'card' AND a.gift_id = c.id
            WHERE s.id = $1`,
            [ref.subscriptionId],
          )
        : await this.ds.query(
            `SELECT p.metadata->>'record_token_sha256' AS token_hash, a.receipt_year, a.receipt_seq
             FROM payment_intents p
             LEFT JOIN LATERAL (SELECT id FROM charges WHERE payment_intent_id = p.id AND status = 'succeeded' ORDER BY created, id LIMIT 1) c ON true
             LEFT JOIN gift_acknowledgments a ON a.gift_kind = 'card' AND a.gift_id = c.id
            WHERE p.id = $1`,
            [ref.paymentIntentId],
          );
    const r = rows[0];
    if (!r) return { tokenHash: null, receiptNumber: null };
    return {
      tokenHash: r.token_hash,
      receiptNumber:
        r.receipt_year !== null && r.receipt_seq !== null ? formatReceiptNumber(r.receipt_year, r.receipt_seq) : null,
    };
  }
}
