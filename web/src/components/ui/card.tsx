import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

/** A surface. `as="section"` (with aria-labelledby) when the card is a region people should find by name. */
export function Card({ className, as: Tag = 'div', ...props }: ComponentProps<'div'> & { as?: 'div' | 'section' }) {
  return <Tag className={cn('card', className)} {...props} />;
}

/** Renders an <h2> by default; pass `as` to keep the page's heading order valid. */
export function CardTitle({
  className,
  as: Tag = 'h2',
  ...props
}: ComponentProps<'h2'> & { as?: 'h2' | 'h3' | 'h4' | 'p' }) {
  return <Tag className={cn('card__title', className)} {...props} />;
}

function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('card__description', className)} {...props} />;
}

/** Title, optional description and optional actions (buttons) at the top of a card. */
export function CardHeader({
  title,
  description,
  actions,
  titleAs,
  titleId,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  titleAs?: 'h2' | 'h3';
  titleId?: string;
  className?: string;
}) {
  return (
    <div className={cn('card__header', className)}>
      <div>
        <CardTitle as={titleAs} id={titleId}>
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </div>
      {actions && <div className="card__actions">{actions}</div>}
    </div>
  );
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('card__content', className)} {...props} />;
}
