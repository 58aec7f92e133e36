import { Link } from 'wouter';
import { AppealReportsPage } from '../../../features/appeal-reports/components/appeal-reports-page';
import { AdminScreen } from './admin-screen';

/** /stripe-data/appeal-reports: how each appeal is doing, for the staff and the board, for every admin. */
export default function AppealReportsRoute() {
  return (
    <AdminScreen
      eyebrow="Admin Access"
      title="Appeals report"
      subtitle="Each appeal's money and donors, its days, the year-end appeals compared, and a one-page PDF for the board."
    >
      {() => (
        <>
          <p>
            <Link href="/stripe-data/appeals">Back to Appeals</Link>, where appeals are written, published and ended.
          </p>
          <AppealReportsPage />
        </>
      )}
    </AdminScreen>
  );
}
