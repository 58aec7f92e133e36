import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { netCentsSql } from '../../../core/src/gifts/net-amount.js';
import { RECEIPT_NUMBER_SQL } from '../../../core/src/statements/statement-gifts.js';

export interface MessageRow {
  id: string;
  kind: string;
  status: string;
  recipient: string;
  customer_id: string | null;
  statement_year: number | null;
  gift_kind: 'card' | 'manual' | null;
  gift_id: string | null;
  created_at: Date;
  sent_at: Date | null;
  attempts: number;
  last_error: string | null;
  receipt_number: string | null;
}

export interface UnacknowledgedGiftRow {
  gift_kind: 'card' | 'manual';
  gift_id: string;
  at: Date;
  net: string;
  receipt_number: string | null;
}

const MESSAGE_COLUMNS = `o.id, o.kind, o.status, o.recipient, o.customer_id, o.statement_year, o.gift_kind, o.gift_id, o.created_at,
  o.sent_at, o.attempts, o.last_error, ${RECEIPT_NUMBER_SQL('a')} AS receipt_number`;
const WITH_RECEIPT = `LEFT JOIN gift_acknowledgments a ON a.gift_kind = o.gift_kind AND a.gift_id = o.gift_id`;

/** The admin's reads of the outbox: a donor's messages, the gifts never acknowledged, the failures. */
@Injectable()
export class DonorMailRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async donor(id: string): Promise<{ id: string; email: string | null; deleted_at: Date | null } | null> {
    const rows = await this.ds.query(`SELECT id, nullif(email, '') AS email, deleted_at FROM donors WHERE id = $1`, [
      id,
    ]);
    return rows[0] ?? null;
  }

  messages(customerId: string): Promise<MessageRow[]> {
    return this.ds.query(
      `SELECT ${MESSAGE_COLUMNS} FROM outbound_mail o ${WITH_RECEIPT}
        WHERE o.customer_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT 200`,
      [customerId],
    );
  }

  /** The donor's gifts (succeeded, not refunded in full) for which no acknowledgment was ever queued. */
  unacknowledgedGifts(customerId: string): Promise<UnacknowledgedGiftRow[]> {
    const none = (kind: string, id: string) =>
      `NOT EXISTS (SELECT 1 FROM outbound_mail o WHERE o.kind = 'acknowledgment' AND o.gift_kind = '${kind}' AND o.gift_id = ${id})`;
    return this.ds.query(
      `SELECT * FROM (
         SELECT 'card' AS gift_kind, c.id AS gift_id, c.created AS at, ${netCentsSql('c')} AS net, ${RECEIPT_NUMBER_SQL('a')} AS receipt_number
           FROM charges c LEFT JOIN gift_acknowledgments a ON a.gift_kind = 'card' AND a.gift_id = c.id
          WHERE c.customer_id = $1 AND c.status = 'succeeded' AND c.amount_refunded < c.amount AND ${none('card', 'c.id')}
         UNION ALL
         SELECT 'manual', m.id::text, m.donation_date, m.amount, ${RECEIPT_NUMBER_SQL('a')}
           FROM manual_donations m LEFT JOIN gift_acknowledgments a ON a.gift_kind = 'manual' AND a.gift_id = m.id::text
          WHERE m.stripe_customer_id = $1 AND ${none('manual', 'm.id::text')}
       ) g ORDER BY at DESC, gift_id LIMIT 100`,
      [customerId],
    );
  }

  failed(): Promise<MessageRow[]> {
    return this.ds.query(
      `SELECT ${MESSAGE_COLUMNS} FROM outbound_mail o ${WITH_RECEIPT} WHERE o.status = 'failed' ORDER BY o.created_at DESC, o.id DESC LIMIT 50`,
    );
  }

  async adminName(id: string | null): Promise<string | null> {
    if (!id) return null;
    const rows = await this.ds.query(`SELECT name FROM admins WHERE id = $1`, [id]);
    return rows[0]?.name ?? null;
  }
}
