import { Link } from 'wouter';
import { PhotoPicture } from '../../../components/photo-picture';
import { RichText } from '../../../components/rich-text/rich-text';
import { calendarDate } from '../../../lib/school-dates';
import { usePageMeta } from '../../../lib/page-meta';
import { school } from '../../../content/school';
import { newsPostMeta } from '../../../../../core/src/site/page-meta';
import type { NewsPostDto } from '../../../lib/api-types';

/** One post at /news/<slug>: its own title and meta description (the first sentence of its text). */
export function NewsPostPage({ post }: { post: NewsPostDto }) {
  usePageMeta(newsPostMeta(post, school.name));
  return (
    <article>
      <header className="page-header">
        <div className="container container--narrow">
          <p className="eyebrow">
            <Link href="/news">News</Link>
          </p>
          <h1>{post.title}</h1>
          <p>
            <time dateTime={post.date}>{calendarDate(post.date)}</time>
          </p>
        </div>
      </header>
      <section className="section" aria-label="Post">
        <div className="container container--narrow news-post">
          {post.photo && (
            <PhotoPicture
              className="news-post__photo"
              image={post.photo.image}
              alt={post.photo.alt}
              sizes="(min-width: 800px) 720px, calc(100vw - 2rem)"
              priority
            />
          )}
          <RichText html={post.bodyHtml} />
          <p className="news-more">
            <Link href="/news">All news</Link>
          </p>
        </div>
      </section>
    </article>
  );
}
