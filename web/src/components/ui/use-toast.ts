import { useEffect, useState, type ReactNode } from 'react';

/**
 * Toast state (SPEC sections 2 and 9): at most 1 visible (a new one replaces the previous), removed from
 * memory 1,000,000 ms after dismissal. Display duration and swipe are handled by the Radix Toast provider.
 */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastData {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: 'default' | 'destructive';
  open: boolean;
}

type Listener = (toasts: ToastData[]) => void;
let memory: ToastData[] = [];
const listeners = new Set<Listener>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit(next: ToastData[]) {
  memory = next;
  for (const l of listeners) l(memory);
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      emit(memory.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismiss(id?: string) {
  for (const t of memory) if (!id || t.id === id) scheduleRemoval(t.id);
  emit(memory.map((t) => (!id || t.id === id ? { ...t, open: false } : t)));
}

export function toast(props: Omit<ToastData, 'id' | 'open'>) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...props, id, open: true }, ...memory].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismiss(id) };
}

export function useToast() {
  const [toasts, setToasts] = useState<ToastData[]>(memory);
  useEffect(() => {
    listeners.add(setToasts);
    return () => {
      listeners.delete(setToasts);
    };
  }, []);
  return { toasts, toast, dismiss };
}
