import { ResetPasswordPage } from '../../../features/auth/components/reset-password-page';
import { AdminArea } from './admin-area';

/** /reset-password?token=...: reachable without a session. */
export default function ResetPasswordRoute() {
  return (
    <AdminArea>
      <ResetPasswordPage />
    </AdminArea>
  );
}
