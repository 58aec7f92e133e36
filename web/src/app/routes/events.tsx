import { EventsPage } from '../../features/website-news/components/events-page';
import { school } from '../../content/school';
import { usePageMeta } from '../../lib/page-meta';

/** /events: upcoming events, each with "Add to calendar". */
export default function EventsRoute() {
  usePageMeta('Events', `Upcoming events at ${school.name}: open houses, celebrations and community days.`);
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
