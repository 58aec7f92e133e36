import { EventsPage } from '../../features/website-news/components/events-page';
import { usePageMeta } from '../../lib/page-meta';
import { publishedPageMeta } from '../../content/site-pages';

/** /events: upcoming events, each with "Add to calendar". */
export default function EventsRoute() {
  usePageMeta(publishedPageMeta('events'));
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1>Events</h1>
          <p>Come and see us. Add any event to your calendar.</p>
        </div>
      </header>
      <EventsPage />
    </>
  );
}
