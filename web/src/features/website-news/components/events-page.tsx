import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { RichText } from '../../../components/rich-text/rich-text';
import { useSiteEvents } from '../api/site-news';
import { eventWhen } from './when';

/** /events: the published events that have not ended, soonest first, each with its "Add to calendar" file. */
export function EventsPage() {
  const events = useSiteEvents();
  return (
    <section className="section" aria-label="Upcoming events">
      <div className="container container--narrow">
        {events.isError && <Alert variant="destructive">The events could not be loaded. Please try again later.</Alert>}
        {events.isPending ? (
          <div className="page-loading" role="status" aria-label="Loading events" />
        ) : events.data?.events.length ? (
          <ul className="news-list">
            {events.data.events.map((e) => (
              <li key={e.id} className="news-card event-card">
                <h2 className="news-card__title">{e.title}</h2>
                <p className="news-card__date">
                  <time dateTime={e.startsAt}>{eventWhen(e, events.data.timeZone)}</time>
                </p>
                {e.place && (
                  <p className="event-card__place">
                    <span className="event-card__label">Where:</span> {e.place}
                  </p>
                )}
                {e.descriptionHtml && <RichText html={e.descriptionHtml} />}
                <p>
                  <a className={buttonClass({ variant: 'outline', size: 'sm' })} href={e.calendarUrl} download>
                    Add to calendar<span className="sr-only">: {e.title}</span>
                  </a>
                </p>
              </li>
            ))}
          </ul>
        ) : (
          !events.isError && <p>There are no upcoming events right now. Please check back soon.</p>
        )}
      </div>
    </section>
  );
}
