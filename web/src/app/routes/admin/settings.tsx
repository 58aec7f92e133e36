import { SettingsPage } from '../../../features/settings/components/settings-page';
import { AdminScreen } from './admin-screen';

/** /stripe-data/settings (owners). */
export default function SettingsRoute() {
  return (
    <AdminScreen
      eyebrow="Admin Access"
      title="Settings"
      subtitle="School-wide settings; each change is recorded in the audit log."
      owners
    >
      {() => <SettingsPage />}
    </AdminScreen>
  );
}
