import type { ComponentProps } from 'react';
import { cn } from './cn';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentProps<'select'>, 'onChange'> {
  options?: SelectOption[];
  /** Called with the chosen value (the native event is still available via onChangeEvent). */
  onValueChange?: (value: string) => void;
  onChangeEvent?: ComponentProps<'select'>['onChange'];
}

/**
 * A native <select>, styled. Native keeps keyboard, type-ahead and screen-reader behaviour right on every
 * device (the phone's own picker on mobile). Pass `options` or <option> children.
 */
export function Select({ className, options, onValueChange, onChangeEvent, children, ...props }: SelectProps) {
  return (
    <div className={cn('select', className)}>
      <select
        className="select__control"
        onChange={(e) => {
          onChangeEvent?.(e);
          onValueChange?.(e.target.value);
        }}
        {...props}
      >
        {options?.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
      <svg className="select__chevron" aria-hidden="true" viewBox="0 0 20 20" width="20" height="20">
        <path
          d="M5 7.5l5 5 5-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </div>
  );
}
