import type { Queryable } from '../db/queryable.js';
import { MAX_SEND_ATTEMPTS } from './retry-policy.js';

/**
 * The kinds of message the outbox sends. Each names what it is about in `subject_key`; the worker builds
 * its text from the read model when it sends (see worker/src/outbox/compose).
 * - acknowledgment: a gift's tax acknowledgment (`card:ch_...`, `manual:<uuid>`; resends add `#resend-n`).
 * - correction: a partly refunded gift, acknowledged again with what still counts (`card:ch_...:refunded:<cents>`).
 * - void: a fully refunded or deleted gift's acknowledgment withdrawn (`card:ch_...`).
 * - statement: a donor's year-end statement with its PDF (`cus_...:2026`; resends add `#resend-n`).
 * - sign-in-link: a link to the donor's own page (/my-giving), about its donor_links row (`<uuid>`); the
 *   worker mints the link's token when it sends, so no token is ever stored in clear.
 * - payment-failed: a recurring gift's renewal was declined, with a link to update the card (`in_...`).
 * - bank-payment-failed: a gift by bank account failed after processing; nothing was taken (`py_...`/`ch_...`).
 * - tribute: the notice to the person a donor named on a gift in honor or memory of someone, queued with the
 *   gift's acknowledgment, once per gift (`card:sub_...` for every renewal of a plan, `card:ch_...`).
 * - plan-change: the confirmation of a change to a recurring gift by the donor or an admin for them (`<plan_changes.id>`).
 */
export const MAIL_KINDS = [
  'acknowledgment',
  'correction',
  'void',
  'statement',
  'sign-in-link',
  'payment-failed',
  'bank-payment-failed',
  'tribute',
  'plan-change',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed';

export interface NewMail {
  kind: MailKind;
  subjectKey: string;
  recipient: string;
  customerId?: string | null;
  giftKind?: 'card' | 'manual' | null;
  giftId?: string | null;
  statementYear?: number | null;
  /** A statement's version (interim, final, corrected); null reads as the year's default. */
  statementEdition?: string | null;
  requestedBy?: string | null;
}

export interface OutboxRow {
  id: string;
  kind: MailKind;
  subject_key: string;
  recipient: string;
  customer_id: string | null;
  gift_kind: 'card' | 'manual' | null;
  gift_id: string | null;
  statement_year: number | null;
  /** interim, final or corrected (statements queued before versions existed: null). */
  statement_edition?: string | null;
  status: MailStatus;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  sent_at: Date | null;
  created_at: Date;
}

/** UPDATE ... RETURNING answers [rows, count] through TypeORM and rows through pg (see Queryable). */
function returned<T>(result: unknown): T[] {
  return Array.isArray(result) && Array.isArray(result[0]) ? (result[0] as T[]) : (result as T[]);
}

/** Longest error text kept on a row (SMTP replies can be long; the row is for the admin to read). */
const ERROR_CHARS = 500;

export const outbox = {
  /** Queues a message unless one of the same kind about the same thing exists; answers the new row's id, else null. */
  async enqueue(db: Queryable, m: NewMail): Promise<string | null> {
    const rows = await db.query(
      `INSERT INTO outbound_mail (kind, subject_key, recipient, customer_id, gift_kind, gift_id, statement_year, requested_by, statement_edition)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (kind, subject_key) DO NOTHING RETURNING id`,
      [
        m.kind,
        m.subjectKey,
        m.recipient,
        m.customerId ?? null,
        m.giftKind ?? null,
        m.giftId ?? null,
        m.statementYear ?? null,
        m.requestedBy ?? null,
        m.statementEdition ?? null,
      ],
    );
    return rows[0]?.id ?? null;
  },

  /**
   * Claims up to `limit` due messages for this process: queued ones whose time has come, and 'sending' ones
   * whose lease ran out (their sender died). A claim is a lease: the row stays 'sending' until
   * next_attempt_at = now + leaseSeconds, after which any worker may take it again. SKIP LOCKED lets several
   * workers claim side by side without waiting for or taking each other's rows.
   */
  async claimDue(db: Queryable, limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
    const result = await db.query(
      `UPDATE outbound_mail o
          SET status = 'sending', attempts = o.attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
         FROM (SELECT id FROM outbound_mail
                WHERE status IN ('queued', 'sending') AND next_attempt_at <= now()
                ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED) due
        WHERE o.id = due.id
        RETURNING o.*`,
      [limit, leaseSeconds],
    );
    return returned<OutboxRow>(result).sort((a, b) => Number(a.id) - Number(b.id));
  },

  /** Records a delivery. Only the holder of the claim (same attempt) records it. */
  async markSent(db: Queryable, id: string, attempt: number): Promise<void> {
    await db.query(
      `UPDATE outbound_mail SET status = 'sent', sent_at = now(), last_error = NULL WHERE id = $1 AND status = 'sending' AND attempts = $2`,
      [id, attempt],
    );
  },

  /** A failed attempt: tried again after `delaySeconds`, or 'failed' for good when `final` (or attempts are used up). */
  async markFailedAttempt(
    db: Queryable,
    id: string,
    attempt: number,
    error: string,
    delaySeconds: number,
    final: boolean,
  ): Promise<void> {
    await db.query(
      `UPDATE outbound_mail
          SET status = CASE WHEN $5 OR attempts >= $6 THEN 'failed' ELSE 'queued' END,
              next_attempt_at = now() + make_interval(secs => $4), last_error = $3
        WHERE id = $1 AND status = 'sending' AND attempts = $2`,
      [id, attempt, error.slice(0, ERROR_CHARS), delaySeconds, final, MAX_SEND_ATTEMPTS],
    );
  },

  /** A message that needs nothing sent any more (its recipient or subject is gone): 'failed' with the reason. */
  async markUndeliverable(db: Queryable, id: string, attempt: number, reason: string): Promise<void> {
    await db.query(
      `UPDATE outbound_mail SET status = 'failed', last_error = $3 WHERE id = $1 AND status = 'sending' AND attempts = $2`,
      [id, attempt, reason],
    );
  },

  /** Puts a failed message back in the queue with fresh attempts (the admin's Retry). */
  async retry(db: Queryable, id: string): Promise<boolean> {
    const result = await db.query(
      `UPDATE outbound_mail SET status = 'queued', attempts = 0, next_attempt_at = now(), last_error = NULL
        WHERE id = $1 AND status = 'failed' RETURNING id`,
      [id],
    );
    return returned(result).length > 0;
  },

  /** How many messages wait, are being sent, or failed for good; and how long the oldest waiting one has waited. */
  async counts(
    db: Queryable,
  ): Promise<{ queued: number; sending: number; failed: number; oldestQueuedSeconds: number | null }> {
    const [row] = await db.query(
      `SELECT count(*) FILTER (WHERE status = 'queued')::int AS queued, count(*) FILTER (WHERE status = 'sending')::int AS sending,
              (SELECT count(*) FROM outbound_mail WHERE status = 'failed')::int AS failed,
              extract(epoch FROM now() - min(created_at) FILTER (WHERE status = 'queued'))::int AS oldest
         FROM outbound_mail WHERE status IN ('queued', 'sending')`,
    );
    return { queued: row.queued, sending: row.sending, failed: row.failed, oldestQueuedSeconds: row.oldest ?? null };
  },

  /** The next free `#resend-n` key for a message about `subjectKey` (a resend is a new message, kept beside the first). */
  async nextResendKey(db: Queryable, kind: MailKind, subjectKey: string): Promise<string> {
    const [row] = await db.query(
      `SELECT count(*)::int AS n FROM outbound_mail WHERE kind = $1 AND (subject_key = $2 OR subject_key LIKE $3)`,
      [kind, subjectKey, `${subjectKey.replace(/[\\%_]/g, (c) => `\\${c}`)}#resend-%`],
    );
    return `${subjectKey}#resend-${row.n}`;
  },

  /**
   * The message, or when one about the same subject was queued before, a resend of it (`#resend-n`, a new
   * message kept beside the first). Null when a concurrent request took the same key: the caller answers 409.
   */
  async enqueueOrResend(db: Queryable, m: NewMail): Promise<string | null> {
    return (
      (await outbox.enqueue(db, m)) ??
      outbox.enqueue(db, { ...m, subjectKey: await outbox.nextResendKey(db, m.kind, m.subjectKey) })
    );
  },

  /** A message of this kind about this subject (or a resend of it) still waiting or being sent. */
  async pending(db: Queryable, kind: MailKind, subjectKey: string): Promise<boolean> {
    const rows = await db.query(
      `SELECT 1 FROM outbound_mail WHERE kind = $1 AND (subject_key = $2 OR subject_key LIKE $3) AND status IN ('queued', 'sending') LIMIT 1`,
      [kind, subjectKey, `${subjectKey.replace(/[\\%_]/g, (c) => `\\${c}`)}#resend-%`],
    );
    return rows.length > 0;
  },
};
