import type { ReactNode } from 'react';
import type { Admin } from '../../api/types';
import { useAdminSession } from '../../lib/use-admin-session';
import { Spinner } from '../ui/spinner';
import { AdminLogin } from './admin-login';

/** Spinner while the session loads, the login form when signed out, otherwise the admin screen. */
export function AdminGate({ children }: { children: (admin: Admin) => ReactNode }) {
  const session = useAdminSession();
  if (session.status === 'loading') return <div className="adm-root adm-center"><Spinner label="Checking your session" /></div>;
  if (session.status === 'unauthenticated') return <div className="adm-root"><AdminLogin sessionError={session.error} /></div>;
  return <div className="adm-root">{children(session.admin)}</div>;
}
