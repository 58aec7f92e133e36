import type { ReactNode } from 'react';

/** One figure of a row of summary cards: its title, the value and a one-line note (what it counts, or a trend). */
export function StatCard({
  title,
  value,
  note,
  icon,
}: {
  title: string;
  value: ReactNode;
  note: ReactNode;
  icon: ReactNode;
}) {
  return (
    <section className="card adm-stat" aria-label={title}>
      <div className="adm-stat__top">
        <h2 className="adm-stat__title">{title}</h2>
        <span className="adm-stat__icon" aria-hidden="true">
          {icon}
        </span>
      </div>
      <p className="adm-stat__value">{value}</p>
      <p className="adm-stat__note">{note}</p>
    </section>
  );
}
