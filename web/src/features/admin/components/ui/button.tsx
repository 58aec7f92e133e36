import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'outline' | 'destructive' | 'ghost';
type Size = 'md' | 'sm';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
}

export function buttonClass(variant: Variant = 'primary', size: Size = 'md', extra = ''): string {
  return `adm-btn adm-btn--${variant} adm-btn--${size} ${extra}`.trim();
}

export function Button({ variant = 'primary', size = 'md', className = '', type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}
