import { RecurringPage } from '../../../features/recurring/components/recurring-page';
import { AdminScreen } from './admin-screen';

/** /stripe-data/recurring: every recurring plan, for every admin. */
export default function RecurringRoute() {
  return (
    <AdminScreen
      eyebrow="Admin Access"
      title="Recurring Gifts"
      subtitle="Monthly, quarterly and annual plans and how they are doing."
    >
      {() => <RecurringPage />}
    </AdminScreen>
  );
}
