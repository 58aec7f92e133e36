import { WebsiteScreen } from './website-screen';

/** /admin/website/photos: the Website section's Photos (its editor plugs in here from web/src/features/website-photos/). */
export default function WebsitePhotosRoute() {
  return (
    <WebsiteScreen title="Photos">{() => <p className="adm-empty">Photos editing is coming soon.</p>}</WebsiteScreen>
  );
}
