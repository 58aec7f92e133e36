import { SecurityPage } from '../../../features/auth/components/security-page';
import { AdminScreen } from './admin-screen';

/** /stripe-data/account: the signed-in admin's two-factor sign-in and sessions. */
export default function AccountRoute() {
  return (
    <AdminScreen eyebrow="Admin Access" title="Sign-In & Security">
      {() => <SecurityPage />}
    </AdminScreen>
  );
}
