import { NewsPage } from '../../features/website-news/components/news-page';
import { usePageMeta } from '../../lib/page-meta';
import { publishedPageMeta } from '../../content/site-pages';

/** /news: the school's news posts. */
export default function NewsRoute() {
  usePageMeta(publishedPageMeta('news'));
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
