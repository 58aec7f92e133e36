import { AcceptInvitePage } from '../../../features/auth/components/accept-invite-page';
import { AdminArea } from './admin-area';

/** /admin-invite?token=...: reachable without a session. */
export default function AdminInviteRoute() {
  return (
    <AdminArea>
      <AcceptInvitePage />
    </AdminArea>
  );
}
