import { Link } from 'wouter';
import { useNewsList } from '../api/site-news';
import { NewsCard } from './news-card';

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
            <NewsCard
              key={p.slug}
              post={p}
              heading="h3"
              sizes="(min-width: 1200px) 360px, (min-width: 768px) 30vw, calc(100vw - 2rem)"
            />
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
