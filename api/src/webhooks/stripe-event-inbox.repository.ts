import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type Stripe from 'stripe';
import { MicroBatcher } from '../../../core/src/batching/micro-batcher.js';
import { preparedQuery } from '../../../core/src/db/prepared-query.js';

export interface StoredEvent {
  /** This delivery stored the event (false: a duplicate delivery). */
  inserted: boolean;
  /** The stored row still waits for projection (a duplicate of an unprocessed event is worth enqueueing again). */
  pending: boolean;
}

interface InboxRow {
  event: Stripe.Event;
  /** The event's JSON text as stored (storableJson): valid JSON, as the signature check parsed it. */
  raw: string;
  /** Why the sanity checks refused the event (stored processed and never enqueued), or null. */
  rejected: string | null;
}

/**
 * Deliveries that arrive together are stored by one statement (one transaction, one WAL flush), and every
 * delivery is acknowledged only after the statement that holds its row has committed. Group commit without a
 * clock: a delivery that finds no statement in flight is written at once; those that arrive while one is in
 * flight join the next (at most two in flight, one per pool connection the lane keeps busy).
 */
const STORE_BATCH = { maxBatch: 100, maxInFlight: 2, isolateFailures: true, flushIdleAtOnce: true };

/**
 * The inbox's one hot statement, prepared once per connection (planning it cost Postgres more than running it).
 * $1 is the batch's payloads as one JSON array, parsed once into jsonb; the columns are read from each payload
 * (the same text the signature check parsed); $2 holds each event's rejection reason or null, by position.
 * The answer comes in the batch's order. A batch too large for one jsonb value (255 MB; a hundred 1 MB events
 * of small numbers could be) fails as a whole and is stored event by event (isolateFailures).
 */
const STORE_SQL = `
WITH input AS (
  SELECT e.n,
         e.payload->>'id' AS id,
         e.payload->>'type' AS type,
         (e.payload->'created')::bigint AS created,
         coalesce(e.payload->'livemode' = 'true'::jsonb, false) AS livemode,
         e.payload->>'api_version' AS api_version,
         e.payload,
         ($2::text[])[e.n] AS rejected_reason
    FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(payload, n)),
ins AS (
  -- A rejected event is stored already done (processed, nothing projected) and is never enqueued.
  INSERT INTO stripe_events (id, type, created, livemode, api_version, payload, rejected_reason, enqueued_at, processed_at, ignored)
  SELECT id, type, created, livemode, api_version, payload, rejected_reason,
         CASE WHEN rejected_reason IS NULL THEN now() END,
         CASE WHEN rejected_reason IS NOT NULL THEN now() END,
         rejected_reason IS NOT NULL
    FROM input
  ON CONFLICT (id) DO NOTHING
  RETURNING id)
SELECT input.id,
       ins.id IS NOT NULL AS inserted,
       -- A row another transaction committed during this statement is not in its snapshot: call it pending,
       -- and enqueue again (the queue ignores a job id it already has).
       CASE WHEN ins.id IS NOT NULL THEN input.rejected_reason IS NULL
            ELSE coalesce((SELECT s.processed_at IS NULL FROM stripe_events s WHERE s.id = input.id), true) END AS pending
  FROM input LEFT JOIN ins ON ins.id = input.id
 ORDER BY input.n`;

/** The inbox (stripe_events): every verified event is stored here before it is acknowledged. */
@Injectable()
export class StripeEventInboxRepository {
  private readonly batcher = new MicroBatcher<InboxRow, StoredEvent>((rows) => this.storeMany(rows), STORE_BATCH);

  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** Deliveries waiting for their statement, and statements in flight. */
  get batching(): { waiting: number; inFlight: number } {
    return this.batcher.stats;
  }

  /** Insert-if-absent; resolves once the row is committed. */
  store(event: Stripe.Event, raw: string, rejected: string | null = null): Promise<StoredEvent> {
    return this.batcher.submit({ event, raw, rejected });
  }

  /**
   * One INSERT ... ON CONFLICT DO NOTHING for the whole batch. enqueued_at is set optimistically, saving the
   * ingest path a second statement; the rare enqueue failure clears it (clearEnqueued). Either way the relay
   * treats a row unprocessed after the grace period as due, so a crash between insert and enqueue strands
   * nothing.
   */
  private async storeMany(rows: InboxRow[]): Promise<StoredEvent[]> {
    // The same event twice in one batch (Stripe retrying while the first delivery is in flight): one row, and
    // the later copies answer as duplicates of it. slot[i]: the statement's row that answers for rows[i].
    const slotOf = new Map<string, number>();
    const slot: number[] = [];
    const firstCopy: boolean[] = [];
    const ids: string[] = [];
    const rejected: (string | null)[] = [];
    // The payloads go as one JSON array, their texts joined: each is valid JSON already, so nothing is escaped
    // (a text[] parameter escapes every quote of every payload), and Postgres parses each once.
    let payloads = '[';
    for (const r of rows) {
      let at = slotOf.get(r.event.id);
      firstCopy.push(at === undefined);
      if (at === undefined) {
        at = ids.length;
        slotOf.set(r.event.id, at);
        payloads += (at === 0 ? '' : ',') + r.raw;
        ids.push(r.event.id);
        rejected.push(r.rejected);
      }
      slot.push(at);
    }
    payloads += ']';
    const answers = await preparedQuery<{ id: string; inserted: boolean; pending: boolean }>(
      this.ds,
      'stripe_events_store',
      STORE_SQL,
      [payloads, rejected],
    );
    if (answers.length !== ids.length || answers.some((a, i) => a.id !== ids[i]))
      throw new Error('the inbox did not answer for every event of the batch');
    return slot.map((at, i) => {
      const { inserted, pending } = answers[at];
      // A later copy in the same batch is a duplicate delivery of the row the first copy stored.
      return { inserted: firstCopy[i] && inserted, pending };
    });
  }

  /** The events are stored but could not be put on the queue: leave them to the relay. */
  async clearEnqueued(eventIds: string[]): Promise<void> {
    await this.ds.query(
      `UPDATE stripe_events SET enqueued_at = NULL WHERE id = ANY($1::text[]) AND processed_at IS NULL`,
      [eventIds],
    );
  }
}
