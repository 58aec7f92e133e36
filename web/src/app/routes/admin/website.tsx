import { PagesEditor } from '../../../features/website-pages/components/pages-editor';
import { usePhotoPicker } from '../../../features/website-photos/components/photo-picker';
import { WebsiteScreen } from './website-screen';

/**
 * /admin/website: the Website section, on its Pages part (owners and editors; an editor lands here). The photo
 * picker (the Photos part's) is handed to the text blocks' "Insert photo".
 */
export default function WebsitePagesRoute() {
  const { pick, picker } = usePhotoPicker('Insert a photo');
  return (
    <WebsiteScreen title="Website" subtitle="The public site's pages: edit, preview, publish.">
      {() => (
        <>
          <PagesEditor onInsertImage={pick} />
          {picker}
        </>
      )}
    </WebsiteScreen>
  );
}
