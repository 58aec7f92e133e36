import { Link } from 'wouter';
import type { ProgramContent } from '../content/school';
import { Card, CardContent, CardTitle } from './ui/card';
import { ArrowRightIcon } from './ui/icons';
import { ResponsiveImage } from './ui/responsive-image';

/** One program as a card with its picture and a Learn More link to /contact (Home teaser and Programs page). */
export function ProgramCard({
  program,
  text,
  headingLevel,
  priority = false,
}: {
  program: ProgramContent;
  text: string;
  headingLevel: 'h2' | 'h3';
  priority?: boolean;
}) {
  return (
    <li style={{ margin: 0 }}>
      <Card className="program-card" style={{ height: '100%' }}>
        <div className="card__media">
          <ResponsiveImage
            source={program.image}
            alt={program.alt}
            sizes="(min-width: 1024px) 360px, (min-width: 768px) 50vw, 100vw"
            priority={priority}
          />
        </div>
        <CardContent>
          <CardTitle as={headingLevel}>{program.title}</CardTitle>
          <p>{text}</p>
          <Link href="/contact" className="card-link">
            Learn More<span className="sr-only"> about {program.title}</span>
            <ArrowRightIcon width="18" height="18" />
          </Link>
        </CardContent>
      </Card>
    </li>
  );
}
