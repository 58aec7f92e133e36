import type { DataSource } from 'typeorm';
import type { JobProducer } from '../queue/job.producer.js';
import { JobName } from '../queue/queue.constants.js';
import { replayInbox, type ListedEvent, type ReplayWhere } from './replay.repository.js';

export interface ReplaySelection {
  /** Rows whose projection failed (unprocessed with an error). */
  failed?: boolean;
  /** Rows the sanity checks rejected. */
  rejected?: boolean;
  /** Events created at or after this moment. */
  since?: Date;
  id?: string;
}

/**
 * Resets the selected inbox rows (unprocessed, attempts 0, no error) and enqueues them again, oldest first.
 * A failed job under the event's id is removed so health stops counting it; the new job gets a suffixed id
 * because BullMQ ignores an add under the id of a job it still keeps (completed ones for an hour).
 * Re-projecting an already processed event is harmless: the ordering guard makes it a no-op. The worker runs
 * the sanity checks again, so a rejected event stays rejected unless what it failed has changed. Rows whose
 * payload was pruned (INBOX_RETENTION_DAYS) are skipped: see prunedInSelection.
 */
export async function replayEvents(ds: DataSource, producer: JobProducer, selection: ReplaySelection): Promise<number> {
  const ids = await ds.transaction((m) => replayInbox.resetForReplay(m, toWhere(selection)));
  const run = Date.now().toString(36);
  for (const eventId of ids) {
    const old = await producer.getJob(JobName.ProjectStripeEvent, eventId);
    if (old && (await old.isFailed())) await old.remove().catch(() => undefined);
    await producer.add(JobName.ProjectStripeEvent, { eventId }, { jobId: `${eventId}-replay-${run}` }, 5000);
  }
  return ids.length;
}

function toWhere(selection: ReplaySelection): ReplayWhere {
  return {
    failed: selection.failed,
    rejected: selection.rejected,
    since: selection.since ? Math.floor(selection.since.getTime() / 1000) : undefined,
    id: selection.id,
  };
}

/** The selected rows (at most `limit`), oldest first, without replaying anything. */
export function listEvents(ds: DataSource, selection: ReplaySelection, limit = 1000): Promise<ListedEvent[]> {
  return replayInbox.listForReplay(ds, toWhere(selection), limit);
}

/**
 * Selected rows whose payload was pruned: replay cannot re-project them (the objects' current state comes
 * back with `npm run stripe:backfill`, which reads it from Stripe).
 */
export function prunedInSelection(ds: DataSource, selection: ReplaySelection): Promise<number> {
  return replayInbox.countPruned(ds, toWhere(selection));
}

/** One line per listed event: id, type, created, state and reason. */
export function formatListedEvent(e: ListedEvent): string {
  const state = e.payload_pruned_at
    ? 'pruned'
    : e.rejected_reason
      ? 'rejected'
      : e.processed_at
        ? 'processed'
        : e.last_error
          ? 'failed'
          : 'pending';
  const created = new Date(e.created * 1000).toISOString();
  return [e.id, e.type, created, state, e.rejected_reason ?? e.last_error ?? ''].join('\t').trimEnd();
}

/** `--failed`, `--rejected`, `--since 2026-01-01`, `--id evt_...` (combinable: all must hold); `--list` only prints them. */
export function parseReplayArgs(argv: string[]): ReplaySelection & { list?: boolean } {
  const sel: ReplaySelection & { list?: boolean } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--failed') sel.failed = true;
    else if (flag === '--rejected') sel.rejected = true;
    else if (flag === '--list') sel.list = true;
    else if (flag === '--since') {
      const v = value();
      const d = new Date(v ?? '');
      if (!v || Number.isNaN(d.getTime()))
        throw new Error(`--since needs a date such as 2026-01-01 (got ${v ?? 'nothing'})`);
      sel.since = d;
    } else if (flag === '--id') {
      const v = value();
      if (!v || !/^evt_\w+$/.test(v)) throw new Error(`--id needs an event id such as evt_123 (got ${v ?? 'nothing'})`);
      sel.id = v;
    } else throw new Error(`Unknown option ${arg}`);
  }
  if (!sel.failed && !sel.rejected && !sel.since && !sel.id)
    throw new Error('Say what to replay: --failed, --rejected, --since DATE or --id evt_...');
  return sel;
}
