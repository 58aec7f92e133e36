import { Link } from 'wouter';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { useRecurringSummary } from '../api/get-recurring-summary';

/** The dashboard's at-a-glance warning: recurring gifts whose renewal failed, with the way to them. */
export function PastDueBanner() {
  const summary = useRecurringSummary();
  const n = summary.data?.pastDue ?? 0;
  if (n === 0) return null;
  return (
    <Alert variant="warning" role="status" className="adm-past-due">
      <AlertTitle>
        {n === 1 ? '1 recurring gift is past due' : `${n.toLocaleString('en-US')} recurring gifts are past due`}
      </AlertTitle>
      <AlertDescription>
        The latest renewal failed and Stripe is retrying the card.{' '}
        <Link href="/stripe-data/recurring?status=past_due">View past-due plans</Link>
      </AlertDescription>
    </Alert>
  );
}
