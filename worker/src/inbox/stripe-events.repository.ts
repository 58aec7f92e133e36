import type { Queryable } from '../../../core/src/db/queryable.js';

export interface InboxEvent {
  id: string;
  type: string;
  created: number;
  livemode: boolean;
  payload: { data?: { object?: unknown } };
  /** When the API stored it, unix seconds: the sanity checks' "now" for this event, on every replay too. */
  received_at: number;
  processed_at: Date | null;
}

/** The worker's side of the inbox (stripe_events): claim, mark processed or failed, find due rows. */
export const stripeEvents = {
  /**
   * Locks the rows for this transaction, in id order (two batches sharing events wait instead of deadlocking):
   * duplicate jobs of one event wait here and then see it processed.
   */
  async lockForProjection(db: Queryable, ids: readonly string[]): Promise<Map<string, InboxEvent>> {
    const rows: InboxEvent[] = await db.query(
      `SELECT id, type, created, livemode, payload, floor(extract(epoch FROM received_at))::bigint AS received_at, processed_at
         FROM stripe_events WHERE id = ANY($1::text[]) ORDER BY id COLLATE "C" FOR UPDATE`,
      [ids],
    );
    return new Map(rows.map((r) => [r.id, { ...r, created: Number(r.created), received_at: Number(r.received_at) }]));
  },

  /** Refused by the sanity checks: done, nothing projected, the reason kept. */
  async markRejected(db: Queryable, id: string, reason: string): Promise<void> {
    await db.query(
      `UPDATE stripe_events SET processed_at = now(), attempts = attempts + 1, last_error = NULL, ignored = true, rejected_reason = $2 WHERE id = $1`,
      [id, reason],
    );
  },

  /**
   * Projected (or, `ignored`, of a type nothing projects): one statement for a whole batch, as its last one, so
   * processed_at (the clock, not the transaction's start) is the moment the batch's rows were all written.
   */
  async markProcessed(db: Queryable, events: ReadonlyArray<{ id: string; ignored: boolean }>): Promise<void> {
    if (!events.length) return;
    await db.query(
      `UPDATE stripe_events e SET processed_at = clock_timestamp(), attempts = attempts + 1, last_error = NULL, ignored = t.ignored
         FROM unnest($1::text[], $2::boolean[]) AS t(id, ignored) WHERE e.id = t.id`,
      [events.map((e) => e.id), events.map((e) => e.ignored)],
    );
  },

  async markFailed(db: Queryable, id: string, error: string): Promise<void> {
    await db.query(
      `UPDATE stripe_events SET attempts = attempts + 1, last_error = $2 WHERE id = $1 AND processed_at IS NULL`,
      [id, error.slice(0, 2000)],
    );
  },

  /**
   * Inbox rows waiting longer than the grace period that were never enqueued, or enqueued more than
   * `lostAfterSeconds` ago (so long that the job must have been lost). SKIP LOCKED: several relays (one per
   * worker) each take different rows, and a row being projected right now is left alone. Rows whose job has
   * used all its attempts are left to `events:replay`.
   */
  async claimDue(
    db: Queryable,
    graceSeconds: number,
    maxAttempts: number,
    limit: number,
    lostAfterSeconds = graceSeconds,
  ): Promise<string[]> {
    const rows = await db.query(
      `SELECT id FROM stripe_events
        WHERE processed_at IS NULL
          AND received_at < now() - make_interval(secs => $1)
          AND (enqueued_at IS NULL OR enqueued_at < now() - make_interval(secs => $4))
          AND attempts < $2
        ORDER BY received_at
        LIMIT $3
        FOR UPDATE SKIP LOCKED`,
      [graceSeconds, maxAttempts, limit, lostAfterSeconds],
    );
    return rows.map((r: { id: string }) => r.id);
  },

  async markEnqueued(db: Queryable, ids: string[]): Promise<void> {
    if (ids.length) await db.query(`UPDATE stripe_events SET enqueued_at = now() WHERE id = ANY($1)`, [ids]);
  },

  /**
   * Replaces the payload of up to `limit` events processed more than `days` ago by a stub (the row's own id,
   * type, created, livemode and API version; no object, so no donor data), oldest first. SKIP LOCKED: several
   * workers prune side by side without waiting on each other. Returns how many rows it pruned.
   */
  async prunePayloads(db: Queryable, days: number, limit: number): Promise<number> {
    const rows = await db.query(
      `WITH due AS (
         SELECT id FROM stripe_events
          WHERE processed_at IS NOT NULL AND payload_pruned_at IS NULL AND processed_at < now() - make_interval(days => $1)
          ORDER BY processed_at
          LIMIT $2
          FOR UPDATE SKIP LOCKED)
       UPDATE stripe_events e
          SET payload = jsonb_build_object('id', e.id, 'object', 'event', 'type', e.type, 'created', e.created,
                                           'livemode', e.livemode, 'api_version', e.api_version, 'pruned', true),
              payload_pruned_at = now()
         FROM due WHERE e.id = due.id
       RETURNING e.id`,
      [days, limit],
    );
    // TypeORM answers an UPDATE with [rows, count]; pg with rows.
    return (Array.isArray(rows[0]) ? rows[0] : rows).length;
  },
};
