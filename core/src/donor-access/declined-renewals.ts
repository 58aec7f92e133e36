import type { Queryable } from '../db/queryable.js';
import { ACKNOWLEDGE_WITHIN_DAYS } from '../acknowledgments/acknowledgment-setting.js';

export interface DeclinedRenewal {
  invoice_id: string;
  subscription_id: string;
  customer_id: string;
  email: string;
}

export interface DeclinedRenewalFacts {
  invoice_status: string | null;
  subscription_status: string;
  frequency: string | null;
  amount: string | null;
  donor_name: string | null;
  brand: string | null;
  last4: string | null;
}

/**
 * Renewals that were declined, read from the read model (never from the event): an open invoice of a
 * subscription that Stripe made past_due. Each gets one "update your card" e-mail (the outbox's UNIQUE key on
 * the invoice id); Stripe's retries of the same invoice send no more. Like acknowledgments, only invoices dated
 * after the automatic e-mail switch was turned on and within the days the acknowledger looks back: history
 * loaded later is never mailed. The e-mail (and its card link) goes to the address that has My Giving for the
 * gift: the donor's, or the kept donor's when the record was merged away (donors-by-email.ts).
 */
export const declinedRenewals = {
  async candidates(db: Queryable, since: Date, limit: number): Promise<DeclinedRenewal[]> {
    return db.query(
      `SELECT i.id AS invoice_id, s.id AS subscription_id, s.customer_id, m.email
         FROM invoices i
         JOIN subscriptions s ON s.id = i.subscription_id
         JOIN donors d ON d.id = s.customer_id
         JOIN donors m ON m.id = coalesce(d.merged_into, d.id)
        WHERE i.status = 'open' AND s.status = 'past_due' AND i.billing_reason = 'subscription_cycle'
          AND i.created >= $1 AND i.created >= now() - make_interval(days => $2)
          AND d.deleted_at IS NULL AND m.email IS NOT NULL AND m.email <> ''
          AND NOT EXISTS (SELECT 1 FROM outbound_mail o WHERE o.kind = 'payment-failed' AND o.subject_key = i.id)
        ORDER BY i.created LIMIT $3`,
      [since, ACKNOWLEDGE_WITHIN_DAYS, limit],
    );
  },

  /** What the e-mail says, at send time: the renewal may have been paid (or the gift ended) since. */
  async facts(db: Queryable, invoiceId: string): Promise<DeclinedRenewalFacts | null> {
    const rows = await db.query(
      `SELECT i.status AS invoice_status, s.status AS subscription_status, s.frequency, s.amount, d.name AS donor_name,
              coalesce(pm.brand, lc.brand) AS brand, coalesce(pm.last4, lc.last4) AS last4
         FROM invoices i
         JOIN subscriptions s ON s.id = i.subscription_id
         LEFT JOIN donors d ON d.id = s.customer_id
         LEFT JOIN payment_methods pm ON pm.id = s.default_payment_method
         LEFT JOIN LATERAL (SELECT c.brand, c.last4 FROM charges c WHERE c.subscription_id = s.id ORDER BY c.created DESC, c.id DESC LIMIT 1) lc ON true
        WHERE i.id = $1`,
      [invoiceId],
    );
    return rows[0] ?? null;
  },
};
