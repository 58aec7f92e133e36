import { PhotosPage } from '../../../features/website-photos/components/photos-page';
import { AdminScreen } from './admin-screen';

/** /admin/website/photos: the school's photos and the Gallery's order (owners and editors). */
export default function WebsitePhotosRoute() {
  return (
    <AdminScreen
      eyebrow="Website"
      title="Photos"
      subtitle="Upload photos, give them alt text, and choose what the Gallery shows."
    >
      {() => <PhotosPage />}
    </AdminScreen>
  );
}
