import type { ComponentProps } from 'react';
import { cn } from './cn';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('card', className)} {...props} />;
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('card__header', className)} {...props} />;
}

/** Renders an <h2> by default; pass `as` to keep the page's heading order valid. */
export function CardTitle({ className, as: Tag = 'h2', ...props }: ComponentProps<'h2'> & { as?: 'h2' | 'h3' | 'h4' | 'p' }) {
  return <Tag className={cn('card__title', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('card__description', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('card__content', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('card__footer', className)} {...props} />;
}
