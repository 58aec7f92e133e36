import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from './cn';
import { CloseIcon } from './icons';

/** Whether a dialog is open, and how it asks its opener to open or close it: the props every dialog takes. */
export interface DialogOpenProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export interface DialogProps extends DialogOpenProps {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** 'alertdialog' for confirmations of destructive actions. */
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md' | 'lg';
  /** While true (its request is in flight) Escape, the backdrop and the close button leave the dialog open. */
  busy?: boolean;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The one modal dialog (WAI-ARIA dialog pattern): labelled by its title (and described by its description),
 * focus moves in on open, Tab and Shift+Tab cycle inside, Escape and a click on the backdrop close it, and
 * focus returns to the opener. Rendered in place, as a fixed overlay, so it takes the colours of the area that
 * opened it (the admin theme). Not the native <dialog>: its top layer would sit above the notifications
 * region, hiding toasts raised while a dialog is open (for example 'Invalid Date Range').
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  role = 'dialog',
  size = 'md',
  busy = false,
}: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const close = () => {
    if (!busy) onOpenChange(false);
  };
  const titleId = useId();
  const descId = useId();

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement;
    const panel = ref.current;
    const first = panel?.querySelector<HTMLElement>(`.dialog__body ${FOCUSABLE}`) ?? panel;
    first?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      close();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const firstEl = items[0];
    const lastEl = items[items.length - 1];
    if (e.shiftKey && (document.activeElement === firstEl || document.activeElement === ref.current)) {
      e.preventDefault();
      lastEl.focus();
    } else if (!e.shiftKey && document.activeElement === lastEl) {
      e.preventDefault();
      firstEl.focus();
    }
  };

  return (
    <div
      className="dialog-overlay"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) close();
      }}
    >
      <div
        ref={ref}
        className={cn('dialog', `dialog--${size}`)}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="dialog__header">
          <h2 className="dialog__title" id={titleId}>
            {title}
          </h2>
          {description && (
            <div className="dialog__description" id={descId}>
              {description}
            </div>
          )}
        </div>
        {children && <div className="dialog__body">{children}</div>}
        {footer && <div className="dialog__footer dialog__body">{footer}</div>}
        <button type="button" className="dialog__close" aria-label="Close" onClick={close}>
          <CloseIcon width={20} height={20} />
        </button>
      </div>
    </div>
  );
}
