import { ResetPasswordPage } from '../components/auth/reset-password-page';
import '../admin.css';

/** /reset-password?token=...: reachable without a session. */
export default function ResetPasswordRoute() {
  return <ResetPasswordPage />;
}
