import { EventsEditor } from '../../../features/website-news/components/events-editor';
import { WebsiteScreen } from './website-screen';

/** /admin/website/events: the Website section's Events (owners and editors). */
export default function WebsiteEventsRoute() {
  return <WebsiteScreen title="Events">{() => <EventsEditor />}</WebsiteScreen>;
}
