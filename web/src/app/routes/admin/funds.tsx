import { FundsPage } from '../../../features/funds/components/funds-page';
import { AdminScreen } from './admin-screen';

/** /stripe-data/funds: the funds donors may give to; owners add and archive them. */
export default function FundsRoute() {
  return (
    <AdminScreen
      eyebrow="Admin Access"
      title="Funds"
      subtitle="Where gifts go: General, and the funds donors may choose."
    >
      {(admin) => <FundsPage canChange={admin.role === 'owner'} />}
    </AdminScreen>
  );
}
