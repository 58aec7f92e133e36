import { Link } from 'wouter';
import { Spinner } from '../../../components/ui/spinner';
import { AppealsPage } from '../../../features/appeals-admin/components/appeals-page';
import { useFiscalYear } from '../../../lib/fiscal-year';
import { useFunds } from '../../../lib/funds';
import { AdminScreen } from './admin-screen';

function Appeals() {
  const funds = useFunds();
  const fiscal = useFiscalYear();
  if (!funds.data || !fiscal.data) return <Spinner label="Loading appeals" />;
  return <AppealsPage funds={funds.data} today={fiscal.data.today} />;
}

/** /stripe-data/appeals: fundraising appeals (a page, a goal and a last day each); both roles manage them. */
export default function AppealsRoute() {
  return (
    <AdminScreen
      eyebrow="Admin Access"
      title="Appeals"
      subtitle="Fundraising pushes: each with its page, goal and days."
    >
      {() => (
        <>
          <p>
            <Link href="/stripe-data/appeal-reports">The Appeals report</Link>: each appeal's money and donors, by day,
            and a one-page PDF for the board.
          </p>
          <Appeals />
        </>
      )}
    </AdminScreen>
  );
}
