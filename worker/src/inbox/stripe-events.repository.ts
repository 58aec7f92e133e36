import type { Queryable } from '../../../api/src/core/db/aggregates.js';

export interface InboxEvent {
  id: string;
  type: string;
  created: number;
  payload: { data?: { object?: unknown } };
  processed_at: Date | null;
}

/** The worker's side of the inbox (stripe_events): claim, mark processed or failed, find due rows. */
export const stripeEvents = {
  /** Locks the row for this transaction: duplicate jobs of one event wait here and then see it processed. */
  async lockForProjection(db: Queryable, id: string): Promise<InboxEvent | null> {
    const rows = await db.query(`SELECT id, type, created, payload, processed_at FROM stripe_events WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ? { ...rows[0], created: Number(rows[0].created) } : null;
  },

  async markProcessed(db: Queryable, id: string, ignored: boolean): Promise<void> {
    await db.query(
      `UPDATE stripe_events SET processed_at = now(), attempts = attempts + 1, last_error = NULL, ignored = $2 WHERE id = $1`,
      [id, ignored],
    );
  },

  async markFailed(db: Queryable, id: string, error: string): Promise<void> {
    await db.query(`UPDATE stripe_events SET attempts = attempts + 1, last_error = $2 WHERE id = $1 AND processed_at IS NULL`, [
      id,
      error.slice(0, 2000),
    ]);
  },

  /**
   * Inbox rows waiting longer than the grace period that were never enqueued, or enqueued so long ago that
   * the job must have been lost. SKIP LOCKED: several relays (one per worker) each take different rows, and
   * a row being projected right now is left alone. Rows whose job has used all its attempts are left to
   * `events:replay`.
   */
  async claimDue(db: Queryable, graceSeconds: number, maxAttempts: number, limit: number): Promise<string[]> {
    const rows = await db.query(
      `SELECT id FROM stripe_events
        WHERE processed_at IS NULL
          AND received_at < now() - make_interval(secs => $1)
          AND (enqueued_at IS NULL OR enqueued_at < now() - make_interval(secs => $1))
          AND attempts < $2
        ORDER BY received_at
        LIMIT $3
        FOR UPDATE SKIP LOCKED`,
      [graceSeconds, maxAttempts, limit],
    );
    return rows.map((r: { id: string }) => r.id);
  },

  async markEnqueued(db: Queryable, ids: string[]): Promise<void> {
    if (ids.length) await db.query(`UPDATE stripe_events SET enqueued_at = now() WHERE id = ANY($1)`, [ids]);
  },

  /** Rows chosen for `events:replay`, reset so the projection runs again. */
  async resetForReplay(db: Queryable, where: { failed?: boolean; since?: number; id?: string }): Promise<string[]> {
    const conds: string[] = [];
    const params: unknown[] = [];
    if (where.failed) conds.push(`(processed_at IS NULL AND last_error IS NOT NULL)`);
    if (where.since !== undefined) {
      params.push(where.since);
      conds.push(`created >= $${params.length}`);
    }
    if (where.id) {
      params.push(where.id);
      conds.push(`id = $${params.length}`);
    }
    if (!conds.length) throw new Error('Nothing selected to replay');
    const rows = await db.query(
      `WITH chosen AS (SELECT id FROM stripe_events WHERE ${conds.join(' AND ')} FOR UPDATE)
       UPDATE stripe_events e SET processed_at = NULL, attempts = 0, last_error = NULL, ignored = false, enqueued_at = now()
         FROM chosen WHERE e.id = chosen.id
       RETURNING e.id, e.created`,
      params,
    );
    // TypeORM answers an UPDATE with [rows, count]; pg with rows.
    const list = (Array.isArray(rows[0]) ? rows[0] : rows) as { id: string; created: string }[];
    return list.sort((a, b) => Number(a.created) - Number(b.created) || a.id.localeCompare(b.id)).map((r) => r.id);
  },
};
