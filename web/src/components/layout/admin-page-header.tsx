import type { ReactNode } from 'react';

/** The heading block of an admin screen: eyebrow, the page's h1, a line under it and buttons on the right. */
export function AdminPageHeader({
  eyebrow,
  title,
  subtitle,
  actions,
}: {
  eyebrow: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="adm-page-header">
      <div>
        <p className="adm-eyebrow">{eyebrow}</p>
        <h1 className="adm-page-title">{title}</h1>
        {subtitle}
      </div>
      {actions && <div className="adm-header-actions">{actions}</div>}
    </header>
  );
}
