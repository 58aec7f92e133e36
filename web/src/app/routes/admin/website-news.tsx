import { NewsEditor } from '../../../features/website-news/components/news-editor';
import { usePhotoPicker } from '../../../features/website-photos/components/photo-picker';
import { WebsiteScreen } from './website-screen';

/**
 * /admin/website/news: the Website section's News (owners and editors). The Photos part's picker chooses a post's
 * photo and the photos inside its text.
 */
export default function WebsiteNewsRoute() {
  const { pick, picker } = usePhotoPicker('Choose a photo');
  return (
    <WebsiteScreen title="News">
      {() => (
        <>
          <NewsEditor pickPhoto={pick} onInsertImage={pick} />
          {picker}
        </>
      )}
    </WebsiteScreen>
  );
}
