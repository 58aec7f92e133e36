import { useSyncExternalStore } from 'react';
import { getSessionToken, setSessionToken } from '../../../lib/api-client';

/**
 * The admin session token (localStorage adminSessionToken) as a tiny observable store, so the login form, the
 * dashboard and the donor profile all re-render when it is set or cleared.
 */
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === 'adminSessionToken') listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function storeSessionToken(token: string | null): void {
  setSessionToken(token);
  for (const l of listeners) l();
}

export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribe, getSessionToken, () => null);
}
