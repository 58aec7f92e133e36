import { EventsEditor } from '../../../features/website-news/components/events-editor';
import { usePhotoPicker } from '../../../features/website-photos/components/photo-picker';
import { WebsiteScreen } from './website-screen';

/** /admin/website/events: the Website section's Events (owners and editors); "Insert photo" opens the Photos picker. */
export default function WebsiteEventsRoute() {
  const { pick, picker } = usePhotoPicker('Insert a photo');
  return (
    <WebsiteScreen title="Events">
      {() => (
        <>
          <EventsEditor onInsertImage={pick} />
          {picker}
        </>
      )}
    </WebsiteScreen>
  );
}
