import { createContext, useContext, useEffect, useId, useRef, type ComponentProps, type ReactNode } from 'react';
import { buttonClass, type ButtonProps } from './button';
import { cn } from './cn';

interface DialogState {
  open: boolean;
  setOpen: (open: boolean) => void;
  titleId: string;
  descriptionId: string;
}

const DialogContext = createContext<DialogState | null>(null);

function useDialog(): DialogState {
  const ctx = useContext(DialogContext);
  if (!ctx) throw new Error('Dialog parts must be inside <Dialog>');
  return ctx;
}

/** Controlled dialog: the caller owns `open` and hears every request to close through onOpenChange(false). */
export function Dialog({ open, onOpenChange, children }: { open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode }) {
  const titleId = useId();
  const descriptionId = useId();
  return <DialogContext.Provider value={{ open, setOpen: onOpenChange, titleId, descriptionId }}>{children}</DialogContext.Provider>;
}

export interface DialogContentProps extends Omit<ComponentProps<'dialog'>, 'open'> {
  /** 'alertdialog' for confirmations of destructive actions. */
  role?: 'dialog' | 'alertdialog';
  /** Accessible name of the corner close button; false hides it. */
  closeLabel?: string | false;
}

/**
 * A native modal <dialog> (showModal): the browser makes the page behind inert, traps Tab inside and closes on
 * Escape; we add closing on a backdrop click and return focus to whatever opened it. Children mount only while
 * open, so forms inside start fresh each time.
 */
export function DialogContent({ className, children, role = 'dialog', closeLabel = 'Close', ...props }: DialogContentProps) {
  const { open, setOpen, titleId, descriptionId } = useDialog();
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      opener.current = document.activeElement as HTMLElement | null;
      el.showModal();
    } else if (!open && el.open) {
      el.close();
      opener.current?.focus?.();
    }
  }, [open]);

  useEffect(
    () => () => {
      // Unmounted while open (route change): give focus back rather than leaving it on <body>.
      if (ref.current?.open) opener.current?.focus?.();
    },
    [],
  );

  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      aria-modal="true"
      className={cn('dialog', className)}
      onCancel={(e) => {
        e.preventDefault();
        setOpen(false);
      }}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) setOpen(false);
      }}
      {...props}
    >
      {open && (
        <div className="dialog__panel">
          {children}
          {closeLabel !== false && (
            <button type="button" className="dialog__close" aria-label={closeLabel} onClick={() => setOpen(false)}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
      )}
    </dialog>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('dialog__header', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<'h2'>) {
  const { titleId } = useDialog();
  return <h2 id={titleId} className={cn('dialog__title', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<'p'>) {
  const { descriptionId } = useDialog();
  return <p id={descriptionId} className={cn('dialog__description', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('dialog__footer', className)} {...props} />;
}

/** A button that closes the dialog (e.g. Cancel); runs onClick first. */
export function DialogClose({ variant = 'outline', size, className, onClick, type = 'button', ...props }: ButtonProps) {
  const { setOpen } = useDialog();
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, className })}
      onClick={(e) => {
        onClick?.(e);
        if (!e.defaultPrevented) setOpen(false);
      }}
      {...props}
    />
  );
}
