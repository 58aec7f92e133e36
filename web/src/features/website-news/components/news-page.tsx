import { Link } from 'wouter';
import { Alert } from '../../../components/ui/alert';
import { useNewsList } from '../api/site-news';
import { NewsCard } from './news-card';

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
            {news.data.posts.map((p, i) => (
              <NewsCard
                key={p.slug}
                post={p}
                heading="h2"
                sizes="(min-width: 800px) 720px, calc(100vw - 2rem)"
                priority={i === 0}
              />
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
