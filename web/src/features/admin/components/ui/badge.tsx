import type { HTMLAttributes } from 'react';

export function Badge({ variant = 'secondary', className = '', ...props }: HTMLAttributes<HTMLSpanElement> & {
  variant?: 'success' | 'secondary' | 'warning' | 'outline';
}) {
  return <span className={`adm-badge adm-badge--${variant} ${className}`.trim()} {...props} />;
}
