import { useLocation, useSearch } from 'wouter';
import { Alert } from '../../../components/ui/alert';
import { errorMessage } from '../../../lib/api-client';
import { useRecurringSummary } from '../api/get-recurring-summary';
import { PLAN_STATUS_LABELS } from './plan-status';
import { PlansTable } from './plans-table';
import { RecurringSummaryCards } from './recurring-summary-cards';

/** /stripe-data/recurring: the plans' figures and the plans, the status filter kept in the address (?status=past_due). */
export function RecurringPage() {
  const summary = useRecurringSummary();
  const search = new URLSearchParams(useSearch());
  const [location, navigate] = useLocation();
  const raw = search.get('status') ?? '';
  const status = raw in PLAN_STATUS_LABELS ? raw : '';
  return (
    <>
      {summary.isError && (
        <Alert variant="destructive">{errorMessage(summary.error, 'Failed to load the recurring figures')}</Alert>
      )}
      <RecurringSummaryCards summary={summary.data} />
      <PlansTable
        key={status}
        status={status}
        counts={summary.data?.byStatus}
        onStatusChange={(s) => navigate(s ? `${location}?status=${s}` : location, { replace: true })}
      />
    </>
  );
}
