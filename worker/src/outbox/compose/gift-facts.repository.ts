import type { Queryable } from '../../../../core/src/db/queryable.js';
import type { GiftKind } from '../../../../core/src/acknowledgments/acknowledgments.repository.js';

/** What a card gift's acknowledgment says, read from the read model at send time. */
export interface CardGiftFacts {
  amount: string;
  amount_refunded: string;
  created: Date;
  brand: string | null;
  last4: string | null;
  frequency: string;
  subscription_id: string | null;
  next_date: Date | null;
  donor_name: string | null;
  receipt_year: number;
  receipt_seq: number;
  fee_coverage: string;
  fund_id: number;
  fund_name: string | null;
  tribute_kind: 'honor' | 'memory' | null;
  tribute_name: string | null;
  tribute_show_amount: boolean;
  /** The thank-you paragraph of the appeal the gift is credited to. */
  appeal_thank_you: string | null;
}

export interface ManualGiftFacts {
  amount: string;
  donation_type: string;
  donation_date: Date;
  gift_description: string | null;
  goods_description: string | null;
  goods_value: string | null;
  donor_name: string | null;
  receipt_year: number;
  receipt_seq: number;
  appeal_thank_you: string | null;
}

export interface VoidedGiftFacts {
  gift_at: Date;
  amount: string;
  donor_name: string | null;
  receipt_year: number;
  receipt_seq: number;
}

/** The worker's reads for composing donor mail (the words are in core/src/school/donor-mail-texts.ts). */
export const giftFacts = {
  async card(db: Queryable, chargeId: string): Promise<CardGiftFacts | null> {
    const rows = await db.query(
      `SELECT c.amount, c.amount_refunded, c.created, c.brand, c.last4, c.frequency, c.subscription_id,
              CASE WHEN s.status IN ('active', 'trialing') AND NOT s.cancel_at_period_end AND s.current_period_end > c.created
                   THEN s.current_period_end END AS next_date,
              coalesce(nullif(d.name, ''), nullif(c.billing_name, ''), nullif(concat_ws(' ', r.first_name, r.last_name), '')) AS donor_name,
              a.receipt_year, a.receipt_seq, c.fee_coverage, c.fund_id, f.name AS fund_name,
              c.tribute_kind, c.tribute_name, c.tribute_show_amount, ap.thank_you_text AS appeal_thank_you
         FROM charges c
         JOIN gift_acknowledgments a ON a.gift_kind = 'card' AND a.gift_id = c.id
         LEFT JOIN donors d ON d.id = c.customer_id
         LEFT JOIN funds f ON f.id = c.fund_id
         LEFT JOIN donation_records r ON r.payment_intent_id = c.payment_intent_id
         LEFT JOIN subscriptions s ON s.id = c.subscription_id
         LEFT JOIN appeals ap ON ap.id = c.appeal_id
        WHERE c.id = $1`,
      [chargeId],
    );
    return rows[0] ?? null;
  },

  async manual(db: Queryable, id: string): Promise<ManualGiftFacts | null> {
    const rows = await db.query(
      `SELECT m.amount, m.donation_type, m.donation_date, m.gift_description, m.goods_description, m.goods_value,
              coalesce(nullif(m.donor_name, ''), d.name) AS donor_name, a.receipt_year, a.receipt_seq,
              ap.thank_you_text AS appeal_thank_you
         FROM manual_donations m
         JOIN gift_acknowledgments a ON a.gift_kind = 'manual' AND a.gift_id = m.id::text
         LEFT JOIN donors d ON d.id = m.stripe_customer_id
         LEFT JOIN appeals ap ON ap.id = m.appeal_id
        WHERE m.id::text = $1`,
      [id],
    );
    return rows[0] ?? null;
  },

  /** A voided gift, from its acknowledgment (a deleted manual gift's row is gone). */
  async voided(db: Queryable, giftKind: GiftKind, giftId: string): Promise<VoidedGiftFacts | null> {
    const rows = await db.query(
      `SELECT a.gift_at, a.amount, coalesce(nullif(d.name, ''), nullif(c.billing_name, '')) AS donor_name, a.receipt_year, a.receipt_seq
         FROM gift_acknowledgments a
         LEFT JOIN donors d ON d.id = a.customer_id
         LEFT JOIN charges c ON a.gift_kind = 'card' AND c.id = a.gift_id
        WHERE a.gift_kind = $1 AND a.gift_id = $2`,
      [giftKind, giftId],
    );
    return rows[0] ?? null;
  },
};
