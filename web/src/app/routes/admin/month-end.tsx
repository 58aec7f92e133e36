import { MonthEndPage } from '../../../features/month-end/components/month-end-page';
import { AdminScreen } from './admin-screen';

/** /stripe-data/month-end: one month's close for the bookkeeper and the board, for every admin. */
export default function MonthEndRoute() {
  return (
    <AdminScreen
      eyebrow="Admin Access"
      title="Month-end"
      subtitle="One month's money: what came in, what went back, Stripe's fees and the deposits to the bank."
    >
      {() => <MonthEndPage />}
    </AdminScreen>
  );
}
