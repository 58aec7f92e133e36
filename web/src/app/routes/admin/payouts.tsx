import { PayoutsPage } from '../../../features/payouts/components/payouts-page';
import { AdminScreen } from './admin-screen';

/** /stripe-data/payouts: the deposits to the bank, reconciled, for every admin. */
export default function PayoutsRoute() {
  return (
    <AdminScreen
      eyebrow="Admin Access"
      title="Payouts"
      subtitle="What reached the bank after Stripe's fees, deposit by deposit."
    >
      {() => <PayoutsPage />}
    </AdminScreen>
  );
}
