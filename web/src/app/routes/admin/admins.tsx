import { AdminsPage } from '../../../features/admins/components/admins-page';
import { SessionsTable } from '../../../features/auth/components/sessions-table';
import { AdminScreen } from './admin-screen';

/** /stripe-data/admins (owners): the admins (admins feature) with their sessions (shown by the auth feature's table). */
export default function AdminsRoute() {
  return (
    <AdminScreen eyebrow="Admin Access" title="Admins" subtitle="Who can sign in, with which role." owners>
      {(admin) => (
        <AdminsPage
          selfId={admin.id}
          renderSessions={(caption, sessions, onRevoke) => (
            <SessionsTable caption={caption} sessions={sessions} onRevoke={onRevoke} />
          )}
        />
      )}
    </AdminScreen>
  );
}
