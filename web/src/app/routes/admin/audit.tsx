import { AuditPage } from '../../../features/audit/components/audit-page';
import { AdminScreen } from './admin-screen';

/** /stripe-data/audit: the audit log, for every admin. */
export default function AuditRoute() {
  return (
    <AdminScreen eyebrow="Admin Access" title="Audit Log">
      {() => <AuditPage />}
    </AdminScreen>
  );
}
