import { Link } from 'wouter';
import type { NewsPostSummaryDto } from '../../../lib/api-types';
import { calendarDate } from '../../../lib/school-dates';

/**
 * One published post in a list of news (Home's latest three, the News page): its photo, its title linking to
 * its page, its date and excerpt. `heading` is the title's level under the list's own heading.
 */
export function NewsCard({ post, heading: Heading }: { post: NewsPostSummaryDto; heading: 'h2' | 'h3' }) {
  return (
    <li className="news-card">
      {post.photo && (
        <img
          className="news-card__photo"
          src={post.photo.src}
          srcSet={post.photo.srcset ?? undefined}
          alt={post.photo.alt}
          loading="lazy"
        />
      )}
      <Heading className="news-card__title">
        <Link href={`/news/${post.slug}`}>{post.title}</Link>
      </Heading>
      <p className="news-card__date">
        <time dateTime={post.date}>{calendarDate(post.date)}</time>
      </p>
      <p>{post.excerpt}</p>
    </li>
  );
}
