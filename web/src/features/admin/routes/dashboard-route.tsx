import { AdminGate } from '../components/auth/admin-gate';
import { Dashboard } from '../components/dashboard/dashboard';
import '../admin.css';

/** /stripe-data: the login form when signed out, a spinner while the session loads, else the dashboard. */
export default function DashboardRoute() {
  return <AdminGate>{(admin) => <Dashboard admin={admin} />}</AdminGate>;
}
