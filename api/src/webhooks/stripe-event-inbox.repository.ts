import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type Stripe from 'stripe';

/** The inbox (stripe_events): every verified event is stored here before it is acknowledged. */
@Injectable()
export class StripeEventInboxRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /**
   * Insert-if-absent. Returns whether this delivery stored the event, and whether the stored row still
   * waits for projection (a duplicate of an unprocessed event is worth enqueueing again).
   */
  async store(event: Stripe.Event, raw: string): Promise<{ inserted: boolean; pending: boolean }> {
    // enqueued_at is set optimistically here, saving the ingest path a second statement per event; the rare
    // enqueue failure clears it (clearEnqueued). Either way the relay treats a row unprocessed after the grace
    // period as due, so a crash between this insert and the enqueue cannot strand the event.
    const rows: { inserted: boolean; pending: boolean }[] = await this.ds.query(
      `WITH ins AS (
         INSERT INTO stripe_events (id, type, created, livemode, api_version, payload, enqueued_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, now())
         ON CONFLICT (id) DO NOTHING
         RETURNING id)
       SELECT true AS inserted, true AS pending FROM ins
       UNION ALL
       SELECT false, processed_at IS NULL FROM stripe_events WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM ins)`,
      [event.id, event.type, event.created, event.livemode ?? false, event.api_version ?? null, raw],
    );
    return rows[0] ?? { inserted: false, pending: false };
  }

  /** The event is stored but could not be put on the queue: leave it to the relay. */
  async clearEnqueued(eventId: string): Promise<void> {
    await this.ds.query(`UPDATE stripe_events SET enqueued_at = NULL WHERE id = $1 AND processed_at IS NULL`, [eventId]);
  }
}
