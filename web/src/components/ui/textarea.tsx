import type { ComponentProps } from 'react';
import { cn } from './cn';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn('input', 'textarea', className)} {...props} />;
}
