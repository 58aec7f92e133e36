import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldShellProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
}

function useFieldIds(id?: string) {
  const auto = useId();
  const inputId = id ?? `f${auto}`;
  return { inputId, hintId: `${inputId}-hint`, errorId: `${inputId}-error` };
}

function describedBy(hint: unknown, error: unknown, hintId: string, errorId: string): string | undefined {
  return [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
}

function Shell({ label, hint, error, inputId, hintId, errorId, children }: FieldShellProps & { inputId: string; hintId: string; errorId: string; children: ReactNode }) {
  return (
    <div className="adm-field">
      <label className="adm-label" htmlFor={inputId}>{label}</label>
      {children}
      {hint && <p className="adm-hint" id={hintId}>{hint}</p>}
      {error && <p className="adm-field-error" id={errorId}>{error}</p>}
    </div>
  );
}

export function TextField({ label, hint, error, id, ...props }: FieldShellProps & InputHTMLAttributes<HTMLInputElement>) {
  const ids = useFieldIds(id);
  return (
    <Shell label={label} hint={hint} error={error} {...ids}>
      <input
        id={ids.inputId}
        className="adm-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint, error, ids.hintId, ids.errorId)}
        {...props}
      />
    </Shell>
  );
}

export function TextAreaField({ label, hint, error, id, ...props }: FieldShellProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const ids = useFieldIds(id);
  return (
    <Shell label={label} hint={hint} error={error} {...ids}>
      <textarea
        id={ids.inputId}
        className="adm-input adm-textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint, error, ids.hintId, ids.errorId)}
        {...props}
      />
    </Shell>
  );
}

export function SelectField({ label, hint, error, id, children, ...props }: FieldShellProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const ids = useFieldIds(id);
  return (
    <Shell label={label} hint={hint} error={error} {...ids}>
      <select
        id={ids.inputId}
        className="adm-input adm-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint, error, ids.hintId, ids.errorId)}
        {...props}
      >
        {children}
      </select>
    </Shell>
  );
}
