import { useId, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { cn } from './cn';
import { Select, type SelectProps } from './select';

/** A native <input>; pair it with <Label htmlFor>. aria-invalid styles it as an error. */
export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn('input', className)} {...props} />;
}

function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn('input', 'textarea', className)} {...props} />;
}

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
          {' '}
          *
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

/** Tied to its control by aria-describedby (and aria-invalid), so it is read with the field, not shouted. */
function FieldError({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('field__error', className)} {...props} />;
}

interface LabelledProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
}

/** Ids and aria attributes that tie a control to its label, hint and error. */
function useLabelled(id: string | undefined, hint: unknown, error: unknown) {
  const auto = useId();
  const inputId = id ?? `f${auto}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return {
    inputId,
    hintId,
    errorId,
    control: { id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy },
  };
}

/**
 * A labelled field of a control (label, the control tied to its hint and error, the hint, the error): one
 * component per control, made here, so the three share one layout.
 */
function labelledField<P extends object>(Control: ComponentType<P>) {
  return function LabelledField({
    label,
    hint,
    error,
    className,
    id,
    ...props
  }: LabelledProps & { id?: string } & Omit<P, 'className' | 'id'>) {
    const ids = useLabelled(id, hint, error);
    return (
      <Field className={className}>
        <Label htmlFor={ids.inputId}>{label}</Label>
        <Control {...ids.control} {...(props as P)} />
        {hint && <FieldHint id={ids.hintId}>{hint}</FieldHint>}
        {error && <FieldError id={ids.errorId}>{error}</FieldError>}
      </Field>
    );
  };
}

/** A labelled text input with an optional hint and error. */
export const TextField = labelledField(Input);
export const TextAreaField = labelledField(Textarea);
export const SelectField = labelledField<SelectProps>(Select);
