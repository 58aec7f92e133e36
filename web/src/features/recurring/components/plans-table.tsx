import { useId, useState } from 'react';
import { Link } from 'wouter';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDollars } from '../../../lib/currency';
import type { RecurringSummaryDto } from '../../../lib/api-types';
import { formatUnixDate } from '../../../lib/format';
import { PAGE_SIZE, usePlans } from '../api/get-plans';
import { PLAN_STATUS_LABELS, PlanStatusBadge, frequencyLabel } from './plan-status';

/**
 * Every plan, newest first, filtered by status and paged by the server (keyset: each page remembers where the
 * previous ones began, so Newer walks back exactly).
 */
export function PlansTable({
  status,
  onStatusChange,
  counts,
}: {
  status: string;
  onStatusChange: (s: string) => void;
  counts?: RecurringSummaryDto['byStatus'];
}) {
  const [cursors, setCursors] = useState<string[]>(['']);
  const cursor = cursors[cursors.length - 1];
  const plans = usePlans(status, cursor);
  const captionId = useId();
  const options = [
    { value: '', label: 'All plans' },
    ...Object.entries(PLAN_STATUS_LABELS).map(([value, label]) => ({
      value,
      label: counts ? `${label} (${(counts[value as keyof typeof counts] ?? 0).toLocaleString('en-US')})` : label,
    })),
  ];
  const page = cursors.length;
  const total =
    counts && (status ? counts[status as keyof typeof counts] : Object.values(counts).reduce((a, b) => a + b, 0));

  return (
    <Card as="section" aria-labelledby="plans-title">
      <CardHeader
        title="Plans"
        titleId="plans-title"
        description="Every recurring gift, newest first. Open a donor to cancel or pause their plan."
      />
      <CardContent className="adm-form">
        <div className="adm-filters">
          <SelectField
            label="Status"
            value={status}
            onValueChange={(v) => {
              setCursors(['']);
              onStatusChange(v);
            }}
            options={options}
          />
        </div>
        {plans.isError && <Alert variant="destructive">{errorMessage(plans.error, 'Failed to load the plans')}</Alert>}
        {plans.isPending ? (
          <Spinner label="Loading plans" />
        ) : (
          plans.data &&
          (plans.data.plans.length === 0 ? (
            <p className="adm-empty">No plans {status ? `are ${PLAN_STATUS_LABELS[status]?.toLowerCase()}` : 'yet'}.</p>
          ) : (
            <div
              className="adm-table-wrap"
              tabIndex={0}
              role="region"
              aria-labelledby={captionId}
              aria-busy={plans.isFetching}
            >
              <table className="adm-table">
                <caption id={captionId} className="sr-only">
                  Recurring plans, newest first
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Donor</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Frequency</th>
                    <th scope="col">Status</th>
                    <th scope="col">Next Charge</th>
                    <th scope="col">Started</th>
                  </tr>
                </thead>
                <tbody>
                  {plans.data.plans.map((p) => (
                    <tr key={p.id}>
                      <td>
                        {p.customerId ? (
                          <Link href={`/stripe-data/customer/${encodeURIComponent(p.customerId)}`}>
                            {p.donorName || p.donorEmail || p.customerId}
                          </Link>
                        ) : (
                          (p.donorName ?? 'Unknown donor')
                        )}
                        {p.donorName && p.donorEmail && <span className="adm-cell-sub">{p.donorEmail}</span>}
                      </td>
                      <td>{formatDollars(p.amount)}</td>
                      <td>{frequencyLabel(p.frequency)}</td>
                      <td>
                        <PlanStatusBadge status={p.status} endsAtPeriodEnd={p.cancelAtPeriodEnd} />
                      </td>
                      <td className="adm-nowrap">
                        {p.nextChargeDate ? formatUnixDate(p.nextChargeDate) : <span className="adm-muted">None</span>}
                      </td>
                      <td className="adm-nowrap">{formatUnixDate(p.started)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))
        )}
        <div className="adm-pager">
          <Button variant="outline" size="sm" onClick={() => setCursors((c) => c.slice(0, -1))} disabled={page <= 1}>
            Newer
          </Button>
          <span className="adm-muted">
            Page {page}
            {total !== undefined
              ? ` of ${Math.max(1, Math.ceil(total / PAGE_SIZE)).toLocaleString('en-US')} · ${total.toLocaleString('en-US')} ${total === 1 ? 'plan' : 'plans'}`
              : ''}
          </span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => plans.data?.nextCursor && setCursors((c) => [...c, plans.data!.nextCursor!])}
            disabled={!plans.data?.nextCursor}
          >
            Older
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
