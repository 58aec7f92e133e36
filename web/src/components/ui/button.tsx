import type { ComponentProps } from 'react';
import { cn } from './cn';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

/**
 * The class string of a button, so links (wouter <Link>, <a>) can look like buttons without nesting a
 * <button> in an <a> (invalid and confusing for screen readers).
 */
export function buttonClass(opts: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn('btn', `btn--${opts.variant ?? 'primary'}`, `btn--${opts.size ?? 'md'}`, opts.className);
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A native <button> (type="button" unless told otherwise, so it never submits a form by accident). */
export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}
