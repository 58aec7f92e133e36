import type { ComponentProps } from 'react';
import { cn } from './cn';

export interface LabelProps extends ComponentProps<'label'> {
  /** Shows a visual asterisk; the input itself carries `required` for assistive technology. */
  required?: boolean;
}

export function Label({ className, required, children, ...props }: LabelProps) {
  return (
    <label className={cn('label', className)} {...props}>
      {children}
      {required && (
        <span className="label__required" aria-hidden="true">
          {' '}*
        </span>
      )}
    </label>
  );
}

/** Label + control + optional hint/error, stacked with consistent spacing. */
export function Field({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('field', className)} {...props} />;
}

export function FieldHint({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('field__hint', className)} {...props} />;
}

export function FieldError({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('field__error', className)} role="alert" {...props} />;
}
