import { Link } from 'wouter';
import { Alert } from '../../../components/ui/alert';
import { calendarDate } from '../../../lib/school-dates';
import { useNewsList } from '../api/site-news';

/** /news: every published post, newest first, each linking to its own page. */
export function NewsPage() {
  const news = useNewsList(50);
  return (
    <section className="section" aria-label="News posts">
      <div className="container container--narrow">
        {news.isError && <Alert variant="destructive">The news could not be loaded. Please try again later.</Alert>}
        {news.isPending ? (
          <div className="page-loading" role="status" aria-label="Loading news" />
        ) : news.data?.posts.length ? (
          <ul className="news-list">
            {news.data.posts.map((p) => (
              <li key={p.slug} className="news-card">
                {p.photo && (
                  <img
                    className="news-card__photo"
                    src={p.photo.src}
                    srcSet={p.photo.srcset ?? undefined}
                    alt={p.photo.alt}
                    loading="lazy"
                  />
                )}
                <h2 className="news-card__title">
                  <Link href={`/news/${p.slug}`}>{p.title}</Link>
                </h2>
                <p className="news-card__date">
                  <time dateTime={p.date}>{calendarDate(p.date)}</time>
                </p>
                <p>{p.excerpt}</p>
              </li>
            ))}
          </ul>
        ) : (
          !news.isError && <p>There is no news yet. Please check back soon.</p>
        )}
        <p className="news-more">
          <Link href="/events">Upcoming events</Link>
        </p>
      </div>
    </section>
  );
}
