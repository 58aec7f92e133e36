import { useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { DataTable } from '../../../components/ui/data-table';
import { errorMessage } from '../../../lib/api-client';
import type { FailedEventDto, FailedJobDto } from '../../../lib/api-types';
import { formatDateTime } from '../../../lib/format';
import { useReplayEvents } from '../api/replay-events';
import { useRetryJob } from '../api/retry-job';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '');

interface FailureRow {
  key: string;
  at: string | null;
  kind: string;
  id: string;
  tries: number;
  reason: string;
  /** Absent for admins whose role may not re-run work (bookkeepers): the column is then left out. */
  action?: ReactNode;
}

/** One card of failures: the last action's outcome (read out by screen readers), then the table or a line saying there are none. */
function FailureCard({
  id,
  title,
  description,
  actions,
  outcome,
  error,
  empty,
  columns,
  rows,
}: {
  id: string;
  title: string;
  description: string;
  actions?: ReactNode;
  outcome?: string;
  error?: string;
  empty: string;
  columns: [at: string, what: string, reason: string];
  rows: FailureRow[];
}) {
  return (
    <Card as="section" aria-labelledby={id}>
      <CardHeader titleId={id} title={title} description={description} actions={actions} />
      <CardContent>
        {error ? <Alert variant="destructive">{error}</Alert> : outcome && <Alert variant="success">{outcome}</Alert>}
        {rows.length === 0 ? (
          <p className="adm-muted">{empty}</p>
        ) : (
          <DataTable
            caption={title}
            head={
              <>
                <th scope="col">{columns[0]}</th>
                <th scope="col">{columns[1]}</th>
                <th scope="col" className="adm-num">
                  Tries
                </th>
                <th scope="col">{columns[2]}</th>
                {rows.some((r) => r.action !== undefined) && <th scope="col">Actions</th>}
              </>
            }
          >
            {rows.map((r) => (
              <tr key={r.key}>
                <td className="adm-nowrap">{when(r.at)}</td>
                <td>
                  <code>{r.kind}</code>
                  <br />
                  <span className="adm-muted">{r.id}</span>
                </td>
                <td className="adm-num">{r.tries}</td>
                <td className="ops-error">{r.reason}</td>
                {r.action && <td>{r.action}</td>}
              </tr>
            ))}
          </DataTable>
        )}
      </CardContent>
    </Card>
  );
}

/** Inbox events whose projection failed, oldest first, each with Replay, and Replay all. */
export function FailedEventsCard({ events, canAct }: { events: FailedEventDto[]; canAct: boolean }) {
  const replay = useReplayEvents();
  const [done, setDone] = useState<string>();
  const run = (which: string) =>
    replay.mutate(which, {
      onSuccess: (r) => setDone(`${r.replayed} event${r.replayed === 1 ? '' : 's'} queued again.`),
      onError: () => setDone(undefined),
    });
  return (
    <FailureCard
      id="ops-failed-events"
      title="Events that failed to project"
      description="Replay runs the projection again once the cause is fixed; a gift never counts twice."
      actions={
        canAct &&
        events.length > 1 && (
          <Button variant="outline" onClick={() => run('failed')} disabled={replay.isPending}>
            Replay all
          </Button>
        )
      }
      outcome={done}
      error={replay.isError ? errorMessage(replay.error, 'The replay did not start.') : undefined}
      empty="None: every stored event has reached the dashboard or is on its way."
      columns={['Received', 'Event', 'Error']}
      rows={events.map((e) => ({
        key: e.id,
        at: e.receivedAt,
        kind: e.type,
        id: e.id,
        tries: e.attempts,
        reason: e.error,
        action: canAct && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => run(e.id)}
            disabled={replay.isPending}
            aria-label={`Replay ${e.id}`}
          >
            Replay
          </Button>
        ),
      }))}
    />
  );
}

/** Jobs that used all their attempts (newest first), each with Retry. */
export function FailedJobsCard({ jobs, canAct }: { jobs: FailedJobDto[]; canAct: boolean }) {
  const retry = useRetryJob();
  const [done, setDone] = useState<string>();
  return (
    <FailureCard
      id="ops-failed-jobs"
      title="Failed jobs"
      description="Jobs stop after eight tries with growing pauses; Retry gives one a fresh start."
      outcome={done}
      error={retry.isError ? errorMessage(retry.error, 'The job could not be retried.') : undefined}
      empty="None."
      columns={['Failed', 'Job', 'Reason']}
      rows={jobs.map((j) => ({
        key: `${j.queue}/${j.id}`,
        at: j.failedAt,
        kind: j.name,
        id: j.eventId ?? j.id,
        tries: j.attempts,
        reason: j.reason,
        action: canAct && (
          <Button
            variant="outline"
            size="sm"
            disabled={retry.isPending}
            aria-label={`Retry job ${j.id}`}
            onClick={() =>
              retry.mutate(
                { queue: j.queue, id: j.id },
                { onSuccess: () => setDone(`Job ${j.id} is running again.`), onError: () => setDone(undefined) },
              )
            }
          >
            Retry
          </Button>
        ),
      }))}
    />
  );
}
