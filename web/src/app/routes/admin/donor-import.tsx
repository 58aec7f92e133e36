import { DonorImportWizard } from '../../../features/donor-import/components/donor-import-wizard';
import { AdminScreen } from './admin-screen';

/** /stripe-data/import (every admin): donors and past gifts from a spreadsheet. */
export default function DonorImportRoute() {
  return (
    <AdminScreen
      eyebrow="Admin Access"
      title="Import donors and gifts"
      subtitle="From a spreadsheet or another system's export, checked before anything is saved."
    >
      {() => <DonorImportWizard />}
    </AdminScreen>
  );
}
