import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type Stripe from 'stripe';
import { MicroBatcher } from '../../../core/src/batching/micro-batcher.js';

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
    // The same event twice in one batch (Stripe retrying while the first delivery is in flight): one row.
    const firstIndex = new Map<string, number>();
    rows.forEach((r, i) => firstIndex.has(r.event.id) || firstIndex.set(r.event.id, i));
    const unique = [...firstIndex.values()].map((i) => rows[i]);
    // The payloads go as one JSON array, their texts joined: each is valid JSON already, so nothing is escaped
    // (a text[] parameter escapes every quote of every payload) and Postgres reads each once. json, not jsonb:
    // the array is only split, and json holds what a batch of large events adds up to.
    let payloads = '[';
    for (let i = 0; i < unique.length; i++) payloads += (i === 0 ? '' : ',') + unique[i].raw;
    payloads += ']';
    const answers: { id: string; inserted: boolean; pending: boolean }[] = await this.ds.query(
      `WITH input AS (
         SELECT t.id, t.type, t.created, t.livemode, t.api_version, t.payload::jsonb AS payload, t.rejected_reason
           FROM ROWS FROM (unnest($1::text[]), unnest($2::text[]), unnest($3::bigint[]), unnest($4::boolean[]),
                           unnest($5::text[]), json_array_elements($6::json), unnest($7::text[]))
             AS t(id, type, created, livemode, api_version, payload, rejected_reason)),
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
              -- A row another transaction committed during this statement is not in its snapshot: call it
              -- pending, and enqueue again (the queue ignores a job id it already has).
              CASE WHEN ins.id IS NOT NULL THEN input.rejected_reason IS NULL
                   ELSE coalesce((SELECT s.processed_at IS NULL FROM stripe_events s WHERE s.id = input.id), true) END AS pending
         FROM input LEFT JOIN ins ON ins.id = input.id`,
      [
        unique.map((r) => r.event.id),
        unique.map((r) => r.event.type),
        unique.map((r) => r.event.created),
        unique.map((r) => r.event.livemode ?? false),
        unique.map((r) => r.event.api_version ?? null),
        payloads,
        unique.map((r) => r.rejected),
      ],
    );
    const byId = new Map(answers.map((a) => [a.id, a]));
    return rows.map((r, i) => {
      const a = byId.get(r.event.id);
      if (!a) throw new Error(`the inbox did not answer for ${r.event.id}`);
      // A later copy in the same batch is a duplicate delivery of the row the first copy stored.
      return firstIndex.get(r.event.id) === i
        ? { inserted: a.inserted, pending: a.pending }
        : { inserted: false, pending: a.pending };
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
