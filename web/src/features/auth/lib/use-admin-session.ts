import { useEffect } from 'react';
import { useMe } from '../api/get-me';
import type { AdminDto } from '../../../lib/api-types';
import { storeSessionToken, useSessionToken } from './session-store';

export type AdminSession =
  | { status: 'loading'; admin: null; error: null }
  | { status: 'unauthenticated'; admin: null; error: string | null }
  | { status: 'authenticated'; admin: AdminDto; error: null };

function isUnauthorized(err: unknown): boolean {
  return err instanceof Error && err.message.startsWith('401:');
}

/**
 * SPEC section 4, admin session: loading -> unauthenticated (login form) | authenticated. With a stored token
 * the session is validated; a 401 clears the token, any other failure reads 'Failed to validate session'.
 */
export function useAdminSession(): AdminSession {
  const token = useSessionToken();
  const me = useMe(token);
  const unauthorized = me.isError && isUnauthorized(me.error);

  useEffect(() => {
    if (unauthorized) storeSessionToken(null);
  }, [unauthorized]);

  if (!token) return { status: 'unauthenticated', admin: null, error: null };
  if (me.data) return { status: 'authenticated', admin: me.data, error: null };
  if (me.isError)
    return { status: 'unauthenticated', admin: null, error: unauthorized ? null : 'Failed to validate session' };
  return { status: 'loading', admin: null, error: null };
}
