import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Queryable } from '../../../core/src/db/queryable.js';
import { netCentsSql } from '../../../core/src/gifts/net-amount.js';

export interface Giver {
  customer_id: string;
  /** A hash of the year's gifts as the statement lists them. */
  fingerprint: string;
  name: string | null;
  /** Null when the statement must go by post: no address, or the donor was deleted. */
  email: string | null;
  deleted: boolean;
}

/**
 * The donors who gave in a calendar year (TIME_ZONE), net of refunds: the same gifts and rule as the
 * statements themselves (statement-gifts.ts), summed per donor. Gifts not tied to a donor record (a manual
 * gift without one) have no statement to send.
 */
const GIVERS = `
  WITH bounds AS (SELECT make_timestamptz($1::int, 1, 1, 0, 0, 0, $2) AS from_at, make_timestamptz($1::int + 1, 1, 1, 0, 0, 0, $2) AS to_at),
  gifts AS (
    SELECT c.customer_id, 'c' || c.id AS id, ${netCentsSql('c')} AS net, NULL::text AS description FROM bounds b, charges c
     WHERE c.created >= b.from_at AND c.created < b.to_at AND c.status = 'succeeded' AND c.customer_id IS NOT NULL
    UNION ALL
    SELECT m.stripe_customer_id, 'm' || m.id::text, m.amount, m.donation_type || ':' || coalesce(m.gift_description, '') FROM bounds b, manual_donations m
     WHERE m.donation_date >= b.from_at AND m.donation_date < b.to_at AND m.stripe_customer_id IS NOT NULL
  ),
  -- What a statement of the year would say (each gift, its net and description): changes when a gift is added,
  -- refunded, deleted or moved, so the final send knows whose statement changed since it was sent.
  givers AS (SELECT customer_id, md5(string_agg(id || '=' || net || ':' || coalesce(description, ''), ',' ORDER BY id)) AS fingerprint
               FROM gifts GROUP BY customer_id HAVING sum(net) > 0)
  SELECT g.customer_id, g.fingerprint, d.name, CASE WHEN d.deleted_at IS NULL THEN nullif(btrim(d.email), '') END AS email,
         d.deleted_at IS NOT NULL AS deleted
    FROM givers g JOIN donors d ON d.id = g.customer_id`;

/**
 * The donors a final send reaches, with the edition each gets: those with an e-mail address never sent a final
 * (or corrected) statement of the year ('final'), and those whose last one was for other gifts than today's
 * ('corrected'). A statement queued before versions existed counts as final when queued after the year ended.
 */
const FINAL_CANDIDATES = `
  SELECT g.customer_id, g.email, g.fingerprint, CASE WHEN l.customer_id IS NULL THEN 'final' ELSE 'corrected' END AS edition
    FROM (${GIVERS}) g
    LEFT JOIN LATERAL (
      SELECT o.customer_id, o.statement_fingerprint FROM outbound_mail o
       WHERE o.kind = 'statement' AND o.statement_year = $1 AND o.customer_id = g.customer_id AND o.status <> 'failed'
         AND (o.statement_edition IN ('final', 'corrected') OR (o.statement_edition IS NULL AND o.created_at >= make_timestamptz($1::int + 1, 1, 1, 0, 0, 0, $2)))
       ORDER BY o.created_at DESC, o.id DESC LIMIT 1) l ON true
   WHERE g.email IS NOT NULL AND (l.customer_id IS NULL OR l.statement_fingerprint IS DISTINCT FROM g.fingerprint AND l.statement_fingerprint IS NOT NULL)`;

/** The year's statement messages, one row per donor: the best state any of that donor's messages reached. */
const PROGRESS = `
  SELECT count(*) FILTER (WHERE best = 4)::int AS sent, count(*) FILTER (WHERE best = 3)::int AS sending,
         count(*) FILTER (WHERE best = 2)::int AS queued, count(*) FILTER (WHERE best = 1)::int AS failed,
         max(last_at) AS last_queued_at
    FROM (SELECT customer_id, max(CASE status WHEN 'sent' THEN 4 WHEN 'sending' THEN 3 WHEN 'queued' THEN 2 ELSE 1 END) AS best,
                 max(created_at) AS last_at
            FROM outbound_mail WHERE kind = 'statement' AND statement_year = $1 GROUP BY customer_id) s`;

@Injectable()
export class StatementsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  givers(year: number, timeZone: string, db: Queryable = this.ds): Promise<Giver[]> {
    return db.query(`${GIVERS} ORDER BY d.name NULLS LAST, g.customer_id`, [year, timeZone]);
  }

  async progress(
    year: number,
  ): Promise<{ sent: number; sending: number; queued: number; failed: number; last_queued_at: Date | null }> {
    const [row] = await this.ds.query(PROGRESS, [year]);
    return row;
  }

  /** How many donors the year's final send would reach (never sent a final statement, or their gifts changed since). */
  async finalCandidates(year: number, timeZone: string): Promise<number> {
    const [row] = await this.ds.query(`SELECT count(*)::int AS n FROM (${FINAL_CANDIDATES}) f`, [year, timeZone]);
    return row.n;
  }

  /** The year's statement messages, newest first: who got which version, and how its sending went. */
  history(
    year: number,
    limit = 200,
  ): Promise<
    Array<{
      customer_id: string;
      name: string | null;
      edition: string | null;
      status: string;
      created_at: Date;
      sent_at: Date | null;
    }>
  > {
    return this.ds.query(
      `SELECT o.customer_id, d.name, o.statement_edition AS edition, o.status, o.created_at, o.sent_at
         FROM outbound_mail o LEFT JOIN donors d ON d.id = o.customer_id
        WHERE o.kind = 'statement' AND o.statement_year = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT $2`,
      [year, limit],
    );
  }

  /** Donors with an e-mail address whose statement of `year` was never queued. */
  async notQueued(year: number, timeZone: string): Promise<number> {
    const [row] = await this.ds.query(
      `SELECT count(*)::int AS n FROM (${GIVERS}) g
        WHERE g.email IS NOT NULL AND NOT EXISTS (SELECT 1 FROM outbound_mail o WHERE o.kind = 'statement' AND o.statement_year = $1 AND o.customer_id = g.customer_id)`,
      [year, timeZone],
    );
    return row.n;
  }

  /**
   * Queues the year's statement for every donor with an e-mail address who has none yet (one statement
   * INSERT; UNIQUE (kind, subject_key) leaves donors already queued or sent alone), and gives donors whose
   * statement failed for good, and who have no other delivered, a fresh start. Answers how many were queued.
   */
  async queueYear(
    db: Queryable,
    year: number,
    timeZone: string,
    adminId: string | null,
    edition: 'interim' | 'final',
  ): Promise<number> {
    // Interim (the year is not over): once per donor, keyed cus_...:2026. Final: keyed by the gifts it lists, so a
    // second final send reaches only donors whose gifts changed since, with a corrected statement.
    const inserted = await db.query(
      edition === 'interim'
        ? `INSERT INTO outbound_mail (kind, subject_key, recipient, customer_id, statement_year, requested_by, statement_edition, statement_fingerprint)
           SELECT 'statement', g.customer_id || ':' || $1::text, g.email, g.customer_id, $1, $3, 'interim', g.fingerprint FROM (${GIVERS}) g WHERE g.email IS NOT NULL
           ON CONFLICT (kind, subject_key) DO NOTHING RETURNING id`
        : `INSERT INTO outbound_mail (kind, subject_key, recipient, customer_id, statement_year, requested_by, statement_edition, statement_fingerprint)
           SELECT 'statement', f.customer_id || ':' || $1::text || ':final:' || left(f.fingerprint, 16), f.email, f.customer_id, $1, $3, f.edition, f.fingerprint
             FROM (${FINAL_CANDIDATES}) f
           ON CONFLICT (kind, subject_key) DO NOTHING RETURNING id`,
      [year, timeZone, adminId],
    );
    const retried = await db.query(
      `UPDATE outbound_mail o SET status = 'queued', attempts = 0, next_attempt_at = now(), last_error = NULL
        WHERE o.kind = 'statement' AND o.statement_year = $1 AND o.status = 'failed'
          AND o.subject_key NOT LIKE '%#resend-%'
          AND NOT EXISTS (SELECT 1 FROM outbound_mail s WHERE s.kind = 'statement' AND s.statement_year = $1
                           AND s.customer_id = o.customer_id AND s.id > o.id AND s.status IN ('sent', 'sending', 'queued'))
        RETURNING o.id`,
      [year],
    );
    const count = (r: unknown) => (Array.isArray(r) && Array.isArray(r[0]) ? r[0].length : (r as unknown[]).length);
    return count(inserted) + count(retried);
  }
}
