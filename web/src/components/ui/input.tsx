import type { ComponentProps } from 'react';
import { cn } from './cn';

/** A native <input>; pair it with <Label htmlFor>. aria-invalid styles it as an error. */
export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn('input', className)} {...props} />;
}
