import { useLogout } from '../../api/logout';
import type { Admin } from '../../api/types';
import { Button } from '../ui/button';
import { ShieldIcon } from '../ui/icons';

export function DashboardHeader({ admin }: { admin: Admin }) {
  const logout = useLogout();
  return (
    <header className="adm-page-header">
      <div>
        <p className="adm-eyebrow"><ShieldIcon width={16} height={16} /> Admin Access</p>
        <h1 className="adm-page-title">Financial Analytics Dashboard</h1>
        <p className="adm-muted">Welcome back, {admin.name}</p>
      </div>
      <Button variant="outline" onClick={() => logout.mutate()} disabled={logout.isPending}>
        Sign Out
      </Button>
    </header>
  );
}
