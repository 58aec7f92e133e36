import { useParams } from 'wouter';
import { NewsPostPage } from '../../features/website-news/components/news-post-page';
import { useNewsPost } from '../../features/website-news/api/site-news';
import { NotFoundRoute } from './not-found';

/** /news/<slug>: one published post (the not-found page for drafts and unknown addresses). */
export default function NewsPostRoute() {
  const { slug = '' } = useParams<{ slug: string }>();
  const post = useNewsPost(slug);
  if (post.isPending) return <div className="page-loading" role="status" aria-label="Loading" />;
  if (!post.data) return <NotFoundRoute />;
  return <NewsPostPage post={post.data} />;
}
