import { WebsiteScreen } from './website-screen';

/** /admin/website/events: the Website section's Events (its editor plugs in here from web/src/features/website-news/). */
export default function WebsiteEventsRoute() {
  return (
    <WebsiteScreen title="Events">{() => <p className="adm-empty">Events editing is coming soon.</p>}</WebsiteScreen>
  );
}
