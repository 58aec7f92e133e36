import { useId, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/** The centred card of the sign-in and password-reset screens: icon, title, subtitle, the form and a note. */
export function AuthCard({
  icon,
  title,
  subtitle,
  note,
  children,
}: {
  icon: ReactNode;
  title: string;
  subtitle?: ReactNode;
  note: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <div className="adm-login">
      <section className="card adm-login__card" aria-labelledby={titleId}>
        <div className="adm-login__header">
          <span className="adm-login__icon">{icon}</span>
          <h1 id={titleId} className="adm-login__title">
            {title}
          </h1>
          {subtitle && <p className="adm-login__subtitle">{subtitle}</p>}
        </div>
        {children}
        <p className="adm-login__note">{note}</p>
      </section>
    </div>
  );
}

/** A form of those cards: the error alert, the fields, and a full-width submit button that reads `pendingLabel` while busy. */
export function AuthForm({
  error,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  children,
}: {
  error: string | null;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form className="adm-form" onSubmit={onSubmit} noValidate>
      {error && <Alert variant="destructive">{error}</Alert>}
      {children}
      <Button type="submit" className="btn--block" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
