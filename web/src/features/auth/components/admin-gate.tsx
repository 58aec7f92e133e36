import type { ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import type { AdminDto } from '../../../lib/api-types';
import { useAdminSession } from '../lib/use-admin-session';
import { AdminLogin } from './admin-login';

/** Spinner while the session loads, the login form when signed out, otherwise the admin screen. */
export function AdminGate({ children }: { children: (admin: AdminDto) => ReactNode }) {
  const session = useAdminSession();
  if (session.status === 'loading')
    return (
      <div className="adm-center">
        <Spinner label="Checking your session" />
      </div>
    );
  if (session.status === 'unauthenticated') return <AdminLogin sessionError={session.error} />;
  return children(session.admin);
}
