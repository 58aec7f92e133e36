import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { FailedEventDto, InboxSummaryDto } from './dto/operations.dto.js';

/** The inbox (stripe_events) as operations see it: how far projection lags, and what failed. */
@Injectable()
export class OperationsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async inboxSummary(): Promise<InboxSummaryDto> {
    const [row] = await this.ds.query(
      `SELECT count(*) FILTER (WHERE processed_at IS NULL)::int AS unprocessed,
              coalesce(floor(extract(epoch FROM now() - min(received_at) FILTER (WHERE processed_at IS NULL))), 0)::int AS lag,
              count(*) FILTER (WHERE processed_at IS NULL AND last_error IS NOT NULL)::int AS failed,
              count(*) FILTER (WHERE rejected_reason IS NOT NULL)::int AS rejected
         FROM stripe_events`,
    );
    return { unprocessed: row.unprocessed, projectionLagSeconds: row.lag, failed: row.failed, rejected: row.rejected };
  }

  async failedEvents(limit = 50): Promise<FailedEventDto[]> {
    const rows = await this.ds.query(
      `SELECT id, type, attempts, last_error, received_at FROM stripe_events
        WHERE processed_at IS NULL AND last_error IS NOT NULL ORDER BY received_at, id LIMIT $1`,
      [limit],
    );
    return rows.map((r: { id: string; type: string; attempts: number; last_error: string; received_at: Date }) => ({
      id: r.id,
      type: r.type,
      attempts: r.attempts,
      error: r.last_error,
      receivedAt: new Date(r.received_at).toISOString(),
    }));
  }
}
