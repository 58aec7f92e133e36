import * as ToastPrimitive from '@radix-ui/react-toast';
import { dismiss, useToast } from './use-toast';

/** Radix Toast: 5000 ms, swipe right 50 px to dismiss, F8 focuses the region (Radix's default hotkey). */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notifications">
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
          className={`toast ${t.variant === 'destructive' ? 'toast--destructive' : ''}`}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
        >
          <div className="toast__body">
            {t.title && <ToastPrimitive.Title className="toast__title">{t.title}</ToastPrimitive.Title>}
            {t.description && (
              <ToastPrimitive.Description className="toast__description">{t.description}</ToastPrimitive.Description>
            )}
          </div>
          {t.action}
          <ToastPrimitive.Close className="toast__close" aria-label="Close">
            <span aria-hidden="true">×</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="toast-viewport" hotkey={['F8']} />
    </ToastPrimitive.Provider>
  );
}
