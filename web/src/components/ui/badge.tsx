import type { ComponentProps } from 'react';
import { cn } from './cn';

export interface BadgeProps extends ComponentProps<'span'> {
  variant?: 'default' | 'secondary' | 'success' | 'warning' | 'destructive' | 'outline';
}

export function Badge({ className, variant = 'default', ...props }: BadgeProps) {
  return <span className={cn('badge', `badge--${variant}`, className)} {...props} />;
}
