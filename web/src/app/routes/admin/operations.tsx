import { OperationsPanel } from '../../../features/operations/components/operations-panel';
import { AdminScreen } from './admin-screen';

/**
 * /stripe-data/operations (every admin): whether gifts reach the dashboard, and what to retry when they do not.
 * Retry and replay are shown to owners only (the server refuses bookkeepers anyway).
 */
export default function OperationsRoute() {
  return (
    <AdminScreen
      eyebrow="Admin Access"
      title="Operations"
      subtitle="Queues, projection lag and failures. Refreshes every 10 seconds."
    >
      {(admin) => <OperationsPanel canAct={admin.role === 'owner'} />}
    </AdminScreen>
  );
}
