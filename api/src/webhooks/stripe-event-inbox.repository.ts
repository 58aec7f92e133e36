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
  raw: string;
  /** Why the sanity checks refused the event (stored processed and never enqueued), or null. */
  rejected: string | null;
}

/**
 * Deliveries that arrive together are stored by one statement (one transaction, one WAL flush), and every
 * delivery is acknowledged only after the statement that holds its row has committed.
 */
const STORE_BATCH = { maxBatch: 100, maxInFlight: 2, isolateFailures: true };

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
    const answers: { id: string; inserted: boolean; pending: boolean }[] = await this.ds.query(
      `WITH input AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::boolean[], $5::text[], $6::jsonb[], $7::text[])
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
        unique.map((r) => r.raw),
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
