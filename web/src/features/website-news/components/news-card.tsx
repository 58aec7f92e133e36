import { Link } from 'wouter';
import { PhotoPicture } from '../../../components/photo-picture';
import type { NewsPostSummaryDto } from '../../../lib/api-types';
import { calendarDate } from '../../../lib/school-dates';

/**
 * One published post in a list of news (Home's latest three, the News page): its photo, its title linking to
 * its page, its date and excerpt. `heading` is the title's level under the list's own heading; `sizes` the
 * photo's width in the list's layout; `priority` loads the photo at once (the first post near the page's top).
 */
export function NewsCard({
  post,
  heading: Heading,
  sizes,
  priority,
}: {
  post: NewsPostSummaryDto;
  heading: 'h2' | 'h3';
  sizes: string;
  priority?: boolean;
}) {
  return (
    <li className="news-card">
      {post.photo && (
        <PhotoPicture
          className="news-card__photo"
          image={post.photo.image}
          alt={post.photo.alt}
          sizes={sizes}
          priority={priority}
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
