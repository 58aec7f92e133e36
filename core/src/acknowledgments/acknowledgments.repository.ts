import type { Queryable } from '../db/queryable.js';
import { lockRow } from '../db/row-lock.js';
import { dayOf } from '../gifts/calendar.js';
import { ACKNOWLEDGE_WITHIN_DAYS, RECIPIENT_GRACE_MINUTES } from './acknowledgment-setting.js';

export type GiftKind = 'card' | 'manual';

/** A gift as the acknowledger sees it: who, when, how much, and the e-mail address it would go to. */
export interface GiftToAcknowledge {
  giftKind: GiftKind;
  giftId: string;
  customerId: string | null;
  recipient: string | null;
  giftAt: Date;
  amount: number;
  amountRefunded: number;
}

export interface AcknowledgmentRow {
  gift_kind: GiftKind;
  gift_id: string;
  customer_id: string | null;
  recipient: string | null;
  receipt_year: number;
  receipt_seq: number;
  gift_at: Date;
  amount: string;
  stated_refunded: string;
  voided_at: Date | null;
  origin: 'automatic' | 'admin';
  created_at: Date;
}

const CARD_RECIPIENT = `coalesce(nullif(d.email, ''), nullif(c.billing_email, ''), nullif(c.metadata->>'donor_email', ''))`;
const MANUAL_RECIPIENT = `coalesce(nullif(m.donor_email, ''), nullif(d.email, ''))`;

/** A gift as GiftToAcknowledge reads it, with the e-mail address it would go to; a WHERE clause follows. */
const GIFT_SELECT: Record<GiftKind, string> = {
  card: `SELECT c.id, c.customer_id, c.created AS gift_at, c.amount, c.amount_refunded, ${CARD_RECIPIENT} AS recipient
           FROM charges c LEFT JOIN donors d ON d.id = c.customer_id`,
  manual: `SELECT m.id, m.stripe_customer_id AS customer_id, m.donation_date AS gift_at, m.amount, 0 AS amount_refunded,
                  ${MANUAL_RECIPIENT} AS recipient
             FROM manual_donations m LEFT JOIN donors d ON d.id = m.stripe_customer_id`,
};

function toGift(kind: GiftKind, r: Record<string, any>): GiftToAcknowledge {
  return {
    giftKind: kind,
    giftId: String(r.id),
    customerId: r.customer_id ?? null,
    recipient: r.recipient ?? null,
    giftAt: new Date(r.gift_at),
    amount: Number(r.amount),
    amountRefunded: Number(r.amount_refunded ?? 0),
  };
}

/** SQL of gift acknowledgments and their receipt numbers (shared by the worker's acknowledger and the admin API). */
export const acknowledgments = {
  /**
   * Card gifts to acknowledge: succeeded, not refunded in full, dated at or after `since` and within the last
   * ACKNOWLEDGE_WITHIN_DAYS, with no acknowledgment yet. One whose e-mail is not known yet waits a few minutes
   * for its customer's event. A range scan of charges_created_idx over a few days of gifts.
   */
  async cardCandidates(db: Queryable, since: Date, limit: number): Promise<GiftToAcknowledge[]> {
    const rows = await db.query(
      `${GIFT_SELECT.card}
        WHERE c.created >= $1 AND c.created >= now() - make_interval(days => $2)
          AND c.status = 'succeeded' AND c.amount_refunded < c.amount
          AND NOT EXISTS (SELECT 1 FROM gift_acknowledgments a WHERE a.gift_kind = 'card' AND a.gift_id = c.id)
          AND (${CARD_RECIPIENT} IS NOT NULL OR c.created < now() - make_interval(mins => $3))
        ORDER BY c.created, c.id LIMIT $4`,
      [since, ACKNOWLEDGE_WITHIN_DAYS, RECIPIENT_GRACE_MINUTES, limit],
    );
    return rows.map((r: Record<string, any>) => toGift('card', r));
  },

  /**
   * Manual gifts to acknowledge: recorded after `since`, dated on or after the day of `since` (TIME_ZONE; a
   * manual gift's date is a calendar day), recorded within the last ACKNOWLEDGE_WITHIN_DAYS, with none yet.
   * Old gifts entered later (an import, demo history) carry their old dates and are left alone.
   */
  async manualCandidates(db: Queryable, since: Date, timeZone: string, limit: number): Promise<GiftToAcknowledge[]> {
    const rows = await db.query(
      `${GIFT_SELECT.manual}
        WHERE m.donation_date >= ($1::timestamptz AT TIME ZONE $2)::date::timestamp AT TIME ZONE $2
          AND m.created_at >= $1 AND m.created_at >= now() - make_interval(days => $3)
          AND NOT EXISTS (SELECT 1 FROM gift_acknowledgments a WHERE a.gift_kind = 'manual' AND a.gift_id = m.id::text)
        ORDER BY m.created_at, m.id LIMIT $4`,
      [since, timeZone, ACKNOWLEDGE_WITHIN_DAYS, limit],
    );
    return rows.map((r: Record<string, any>) => toGift('manual', r));
  },

  /** One gift of a donor, as it is now (for the admin's Send/Resend); null if it is not theirs or not a gift. */
  async donorGift(
    db: Queryable,
    customerId: string,
    giftKind: GiftKind,
    giftId: string,
  ): Promise<GiftToAcknowledge | null> {
    const where =
      giftKind === 'card'
        ? `WHERE c.id = $1 AND c.customer_id = $2 AND c.status = 'succeeded'`
        : `WHERE m.id::text = $1 AND m.stripe_customer_id = $2`;
    const rows = await db.query(`${GIFT_SELECT[giftKind]} ${where}`, [giftId, customerId]);
    return rows[0] ? toGift(giftKind, rows[0]) : null;
  },

  /** The gift as it is now (its address may have changed, it may be gone since it was found). */
  async current(
    db: Queryable,
    gift: Pick<GiftToAcknowledge, 'giftKind' | 'giftId'>,
  ): Promise<GiftToAcknowledge | null> {
    const where = gift.giftKind === 'card' ? `WHERE c.id = $1 AND c.status = 'succeeded'` : `WHERE m.id::text = $1`;
    const rows = await db.query(`${GIFT_SELECT[gift.giftKind]} ${where}`, [gift.giftId]);
    return rows[0] ? toGift(gift.giftKind, rows[0]) : null;
  },

  async find(db: Queryable, giftKind: GiftKind, giftId: string): Promise<AcknowledgmentRow | null> {
    const rows = await db.query(`SELECT * FROM gift_acknowledgments WHERE gift_kind = $1 AND gift_id = $2`, [
      giftKind,
      giftId,
    ]);
    return rows[0] ?? null;
  },

  /**
   * The gift's acknowledgment, made now if it has none: the next receipt number of the gift's calendar year
   * (TIME_ZONE) from receipt_counters. Runs inside the caller's transaction, under a lock on the gift, so two
   * workers (or a worker and an admin) acknowledging the same gift make one row; the counter row's update
   * commits or rolls back with it, so numbers have no gaps and none is used twice.
   */
  async record(
    db: Queryable,
    gift: GiftToAcknowledge,
    origin: 'automatic' | 'admin',
    timeZone: string,
  ): Promise<{ row: AcknowledgmentRow; created: boolean }> {
    await lockRow(db, 'gift_acknowledgments', `${gift.giftKind}:${gift.giftId}`);
    const existing = await acknowledgments.find(db, gift.giftKind, gift.giftId);
    if (existing) return { row: existing, created: false };
    const year = Number(dayOf(gift.giftAt, timeZone).slice(0, 4));
    const [counter] = await db.query(
      `INSERT INTO receipt_counters (year, last_number) VALUES ($1, 1)
       ON CONFLICT (year) DO UPDATE SET last_number = receipt_counters.last_number + 1 RETURNING last_number`,
      [year],
    );
    const [row] = await db.query(
      `INSERT INTO gift_acknowledgments (gift_kind, gift_id, customer_id, recipient, receipt_year, receipt_seq, gift_at, amount, stated_refunded, origin)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
      [
        gift.giftKind,
        gift.giftId,
        gift.customerId,
        gift.recipient,
        year,
        counter.last_number,
        gift.giftAt,
        gift.amount,
        gift.amountRefunded,
        origin,
      ],
    );
    return { row, created: true };
  },

  /** Acknowledged card gifts whose refunds changed since the donor was last told. Uses charges_refunded_idx. */
  async refundChanges(db: Queryable, limit: number): Promise<Array<{ gift_id: string }>> {
    return db.query(
      `SELECT a.gift_id FROM charges c JOIN gift_acknowledgments a ON a.gift_kind = 'card' AND a.gift_id = c.id
        WHERE c.amount_refunded > 0 AND a.voided_at IS NULL AND c.amount_refunded <> a.stated_refunded
        ORDER BY a.gift_id LIMIT $1`,
      [limit],
    );
  },

  /** Acknowledged manual gifts an admin has since deleted. */
  async deletedManualGifts(db: Queryable, limit: number): Promise<Array<{ gift_id: string }>> {
    return db.query(
      `SELECT a.gift_id FROM gift_acknowledgments a
        WHERE a.gift_kind = 'manual' AND a.voided_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM manual_donations m WHERE m.id = a.gift_id::uuid)
        ORDER BY a.gift_id LIMIT $1`,
      [limit],
    );
  },

  /** The card gift's amounts now, locked with its acknowledgment. */
  async lockedCardRefund(
    db: Queryable,
    giftId: string,
  ): Promise<{ ack: AcknowledgmentRow; amount: number; refunded: number } | null> {
    await lockRow(db, 'gift_acknowledgments', `card:${giftId}`);
    const ack = await acknowledgments.find(db, 'card', giftId);
    const [c] = await db.query(`SELECT amount, amount_refunded FROM charges WHERE id = $1`, [giftId]);
    return ack && c ? { ack, amount: Number(c.amount), refunded: Number(c.amount_refunded) } : null;
  },

  async setRefundState(
    db: Queryable,
    giftKind: GiftKind,
    giftId: string,
    refunded: number,
    voided: boolean,
  ): Promise<void> {
    await db.query(
      `UPDATE gift_acknowledgments SET stated_refunded = $3, voided_at = CASE WHEN $4 THEN coalesce(voided_at, now()) ELSE voided_at END
        WHERE gift_kind = $1 AND gift_id = $2`,
      [giftKind, giftId, refunded, voided],
    );
  },

  /** Whom a card gift's tribute notice goes to, if the donor named someone with an e-mail address. */
  async tributeNotice(
    db: Queryable,
    chargeId: string,
  ): Promise<{ email: string; subscription_id: string | null } | null> {
    const rows = await db.query(
      `SELECT tribute_notify_email AS email, subscription_id FROM charges
        WHERE id = $1 AND tribute_kind IS NOT NULL AND nullif(tribute_notify_email, '') IS NOT NULL`,
      [chargeId],
    );
    return rows[0] ?? null;
  },

  /**
   * Whether a tribute notice was already queued to `email` (the same donor-identity key: ASCII letters in any case) in the last day. Takes a lock
   * on the address for the rest of the transaction first, so two gifts acknowledged at once cannot both pass.
   */
  async tributeNoticedToday(db: Queryable, email: string): Promise<boolean> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('tribute-notice:' || email_key($1)))`, [email]);
    const rows = await db.query(
      `SELECT 1 FROM outbound_mail WHERE kind = 'tribute' AND email_key(recipient) = email_key($1) AND created_at > now() - interval '1 day' LIMIT 1`,
      [email],
    );
    return rows.length > 0;
  },

  /** Where the gift's first acknowledgment e-mail went (corrections and voids follow it there); null if none was queued. */
  async acknowledgedTo(db: Queryable, giftKind: GiftKind, giftId: string): Promise<string | null> {
    const rows = await db.query(
      `SELECT recipient FROM outbound_mail WHERE kind = 'acknowledgment' AND gift_kind = $1 AND gift_id = $2 ORDER BY id LIMIT 1`,
      [giftKind, giftId],
    );
    return rows[0]?.recipient ?? null;
  },
};
