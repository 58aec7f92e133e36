import { Link } from 'wouter';
import { calendarDate } from '../../../lib/school-dates';
import { useNewsList } from '../api/site-news';

/**
 * Home's latest three news posts. Nothing at all (no heading, no empty box) while there is no published post,
 * so a fresh install's Home is exactly SPEC's.
 */
export function LatestNews() {
  const news = useNewsList(3);
  const posts = news.data?.posts ?? [];
  if (!posts.length) return null;
  return (
    <section className="section" aria-labelledby="latest-news-title">
      <div className="container">
        <div className="section__intro">
          <span className="eyebrow">News</span>
          <h2 id="latest-news-title">Latest News</h2>
        </div>
        <ul className="news-list news-list--grid">
          {posts.map((p) => (
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
              <h3 className="news-card__title">
                <Link href={`/news/${p.slug}`}>{p.title}</Link>
              </h3>
              <p className="news-card__date">
                <time dateTime={p.date}>{calendarDate(p.date)}</time>
              </p>
              <p>{p.excerpt}</p>
            </li>
          ))}
        </ul>
        <p className="news-more">
          <Link href="/news">All news</Link>
          <Link href="/events">Upcoming events</Link>
        </p>
      </div>
    </section>
  );
}
