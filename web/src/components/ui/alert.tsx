import type { ComponentProps } from 'react';
import { cn } from './cn';

export interface AlertProps extends ComponentProps<'div'> {
  variant?: 'default' | 'destructive' | 'success' | 'warning';
}

/**
 * A message box. Destructive alerts use role="alert" (announced at once); the others role="status"
 * (announced politely). Override with an explicit role when the message is static.
 */
export function Alert({ className, variant = 'default', role, ...props }: AlertProps) {
  return (
    <div
      role={role ?? (variant === 'destructive' ? 'alert' : 'status')}
      className={cn('alert', `alert--${variant}`, className)}
      {...props}
    />
  );
}

export function AlertTitle({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('alert__title', className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('alert__description', className)} {...props} />;
}
