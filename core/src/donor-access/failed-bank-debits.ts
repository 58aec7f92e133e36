import type { Queryable } from '../db/queryable.js';
import { ACKNOWLEDGE_WITHIN_DAYS } from '../acknowledgments/acknowledgment-setting.js';

export interface FailedBankDebit {
  charge_id: string;
  customer_id: string | null;
  email: string;
}

export interface FailedBankDebitFacts {
  status: string;
  amount: string;
  created: Date;
  last4: string | null;
  failure_message: string | null;
  frequency: string | null;
  donor_name: string | null;
}

/** The donor's address for a card gift (the same order the acknowledgment uses). */
const RECIPIENT = `coalesce(nullif(d.email, ''), nullif(c.billing_email, ''), nullif(c.metadata->>'donor_email', ''))`;

/**
 * Bank debits (US bank account: a charge without a card brand) that failed after days of processing, read
 * from the read model. The donor left the page believing the gift was on its way, so each gets one note that it
 * did not go through (the outbox's UNIQUE key on the charge id). A card decline needs none: the donor saw it on
 * the page. Like acknowledgments, only debits started after the automatic e-mail switch was turned on and
 * within the days the acknowledger looks back.
 */
export const failedBankDebits = {
  async candidates(db: Queryable, since: Date, limit: number): Promise<FailedBankDebit[]> {
    return db.query(
      `SELECT c.id AS charge_id, c.customer_id, ${RECIPIENT} AS email
         FROM charges c LEFT JOIN donors d ON d.id = c.customer_id AND d.deleted_at IS NULL
        WHERE c.status <> 'succeeded' AND c.status = 'failed' AND c.brand IS NULL AND c.last4 IS NOT NULL
          AND c.created >= $1 AND c.created >= now() - make_interval(days => $2)
          AND ${RECIPIENT} IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM outbound_mail o WHERE o.kind = 'bank-payment-failed' AND o.subject_key = c.id)
        ORDER BY c.created, c.id LIMIT $3`,
      [since, ACKNOWLEDGE_WITHIN_DAYS, limit],
    );
  },

  /** What the note says, at send time. */
  async facts(db: Queryable, chargeId: string): Promise<FailedBankDebitFacts | null> {
    const rows = await db.query(
      `SELECT c.status, c.amount, c.created, c.last4, c.failure_message, c.frequency, coalesce(d.name, c.billing_name) AS donor_name
         FROM charges c LEFT JOIN donors d ON d.id = c.customer_id
        WHERE c.id = $1`,
      [chargeId],
    );
    return rows[0] ?? null;
  },
};
