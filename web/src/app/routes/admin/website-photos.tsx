import { PhotosPage } from '../../../features/website-photos/components/photos-page';
import { WebsiteScreen } from './website-screen';

/** /admin/website/photos: the school's photos and the Gallery's order (owners and editors). */
export default function WebsitePhotosRoute() {
  return (
    <WebsiteScreen title="Photos" subtitle="Upload photos, give them alt text, and choose what the Gallery shows.">
      {() => <PhotosPage />}
    </WebsiteScreen>
  );
}
