import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { JobName } from '../../../api/src/core/queue/queue.constants.js';
import { stripeEvents } from '../inbox/stripe-events.repository.js';

export interface ReplaySelection {
  /** Rows whose projection failed (unprocessed with an error). */
  failed?: boolean;
  /** Events created at or after this moment. */
  since?: Date;
  id?: string;
}

/**
 * Resets the selected inbox rows (unprocessed, attempts 0, no error) and enqueues them again, oldest first.
 * A failed job under the event's id is removed so health stops counting it; the new job gets a suffixed id
 * because BullMQ ignores an add under the id of a job it still keeps (completed ones for an hour).
 * Re-projecting an already processed event is harmless: the ordering guard makes it a no-op.
 */
export async function replayEvents(ds: DataSource, queue: Queue, selection: ReplaySelection): Promise<number> {
  const ids = await ds.transaction((m) =>
    stripeEvents.resetForReplay(m, {
      failed: selection.failed,
      since: selection.since ? Math.floor(selection.since.getTime() / 1000) : undefined,
      id: selection.id,
    }),
  );
  const run = Date.now().toString(36);
  for (const eventId of ids) {
    const old = await queue.getJob(eventId);
    if (old && (await old.isFailed())) await old.remove().catch(() => undefined);
    await queue.add(JobName.ProjectStripeEvent, { eventId }, { jobId: `${eventId}-replay-${run}` });
  }
  return ids.length;
}

/** `--failed`, `--since 2026-01-01`, `--id evt_...` (combinable: all must hold). */
export function parseReplayArgs(argv: string[]): ReplaySelection {
  const sel: ReplaySelection = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--failed') sel.failed = true;
    else if (flag === '--since') {
      const v = value();
      const d = new Date(v ?? '');
      if (!v || Number.isNaN(d.getTime())) throw new Error(`--since needs a date such as 2026-01-01 (got ${v ?? 'nothing'})`);
      sel.since = d;
    } else if (flag === '--id') {
      const v = value();
      if (!v || !/^evt_\w+$/.test(v)) throw new Error(`--id needs an event id such as evt_123 (got ${v ?? 'nothing'})`);
      sel.id = v;
    } else throw new Error(`Unknown option ${arg}`);
  }
  if (!sel.failed && !sel.since && !sel.id) throw new Error('Say what to replay: --failed, --since DATE or --id evt_...');
  return sel;
}
