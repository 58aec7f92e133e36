import { NewsPage } from '../../features/website-news/components/news-page';
import { school } from '../../content/school';
import { usePageMeta } from '../../lib/page-meta';

/** /news: the school's news posts. */
export default function NewsRoute() {
  usePageMeta('News', `News from ${school.name}: what our students and staff have been up to.`);
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1>News</h1>
          <p>What our students and staff have been up to.</p>
        </div>
      </header>
      <NewsPage />
    </>
  );
}
