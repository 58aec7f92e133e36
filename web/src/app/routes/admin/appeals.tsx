import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Spinner } from '../../../components/ui/spinner';
import type { AppealPhotos } from '../../../features/appeals-admin/components/appeal-form';
import { AppealsPage } from '../../../features/appeals-admin/components/appeals-page';
import { usePhotoPicker } from '../../../features/website-photos/components/photo-picker';
import { useFiscalYear } from '../../../lib/fiscal-year';
import { useFunds } from '../../../lib/funds';
import { AdminScreen } from './admin-screen';

function Appeals({ photos }: { photos?: AppealPhotos }) {
  const funds = useFunds();
  const fiscal = useFiscalYear();
  if (!funds.data || !fiscal.data) return <Spinner label="Loading appeals" />;
  return <AppealsPage funds={funds.data} today={fiscal.data.today} photos={photos} />;
}

/**
 * The photo library is the website roles' (owners and editors); of the appeals' roles only an owner has it, so
 * only an owner's form gets the picker (the cover and the story's photos). A bookkeeper's page renders no picker
 * and so never calls the photo routes.
 */
function OwnersPhotos({ children }: { children: (photos: AppealPhotos) => ReactNode }) {
  const { pick, picker } = usePhotoPicker('Choose a photo');
  return (
    <>
      {children({ pickPhoto: pick, onInsertImage: pick })}
      {picker}
    </>
  );
}

/**
 * /stripe-data/appeals: fundraising appeals (a page, a goal and a last day each); both roles manage them, and an
 * owner chooses the cover and the story's photos with the Website section's photo picker.
 */
export default function AppealsRoute() {
  return (
    <AdminScreen
      eyebrow="Admin Access"
      title="Appeals"
      subtitle="Fundraising pushes: each with its page, goal and days."
    >
      {(admin) => (
        <>
          <p>
            <Link href="/stripe-data/appeal-reports">The Appeals report</Link>: each appeal's money and donors, by day,
            and a one-page PDF for the board.
          </p>
          {admin.role === 'owner' ? (
            <OwnersPhotos>{(photos) => <Appeals photos={photos} />}</OwnersPhotos>
          ) : (
            <Appeals />
          )}
        </>
      )}
    </AdminScreen>
  );
}
