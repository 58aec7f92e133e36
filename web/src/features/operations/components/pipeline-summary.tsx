import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import type { InboxSummaryDto, QueueCountsDto } from '../../../lib/api-types';

/** 45 s, 12 min, 3 h 5 min, 2 days 4 h: how long the oldest waiting event has waited. */
export function formatLag(seconds: number): string {
  if (seconds <= 0) return 'nothing waiting';
  if (seconds < 60) return `${seconds} s`;
  const min = Math.floor(seconds / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return `${h} h ${min % 60} min`;
  return `${Math.floor(h / 24)} days ${h % 24} h`;
}

const BEHIND_SECONDS = 300;

/** Whether gifts reach the dashboard: the inbox's lag and failures, and the jobs waiting in each queue. */
export function PipelineSummary({ inbox, queues }: { inbox: InboxSummaryDto; queues: QueueCountsDto[] }) {
  const behind = inbox.projectionLagSeconds > BEHIND_SECONDS;
  const rows: Array<[string, string]> = [
    ['Events waiting to reach the dashboard', inbox.unprocessed.toLocaleString('en-US')],
    ['Oldest waiting for', formatLag(inbox.projectionLagSeconds)],
    ['Events that failed to project', inbox.failed.toLocaleString('en-US')],
    ['Events refused as senseless', inbox.rejected.toLocaleString('en-US')],
    ...queues.map((q): [string, string] => [
      `Jobs in the ${q.name} queue`,
      `${q.waiting + q.active + q.delayed} waiting or running, ${q.failed} failed`,
    ]),
  ];
  return (
    <Card as="section" aria-labelledby="ops-pipeline">
      <CardHeader
        titleId="ops-pipeline"
        title="Pipeline"
        description="Stripe's events are stored as they arrive, then the worker turns them into the dashboard's numbers."
        actions={
          behind || inbox.failed ? (
            <Badge variant="warning">Needs attention</Badge>
          ) : (
            <Badge variant="success">Keeping up</Badge>
          )
        }
      />
      <CardContent>
        <dl className="ops-facts">
          {rows.map(([label, value]) => (
            <div key={label} className="ops-fact">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {behind && (
          <p className="adm-muted ops-note">
            Events have waited more than five minutes: check that the worker is running (its log says why it stopped).
          </p>
        )}
      </CardContent>
    </Card>
  );
}
