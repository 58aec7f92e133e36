import type { HTMLAttributes, ReactNode } from 'react';

export function Card({ className = '', ...props }: HTMLAttributes<HTMLElement>) {
  return <section className={`adm-card ${className}`.trim()} {...props} />;
}

export function CardHeader({ title, description, actions, level = 2, id }: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  level?: 2 | 3;
  id?: string;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="adm-card__header">
      <div>
        <Heading className="adm-card__title" id={id}>{title}</Heading>
        {description && <p className="adm-card__description">{description}</p>}
      </div>
      {actions && <div className="adm-card__actions">{actions}</div>}
    </div>
  );
}
