import type { ReactNode } from 'react';

export function Alert({ variant = 'destructive', title, children }: { variant?: 'destructive' | 'warning' | 'info'; title?: ReactNode; children: ReactNode }) {
  return (
    <div className={`adm-alert adm-alert--${variant}`} role={variant === 'destructive' ? 'alert' : 'status'}>
      {title && <p className="adm-alert__title">{title}</p>}
      <div className="adm-alert__body">{children}</div>
    </div>
  );
}
