import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { SuccessDto } from '../../../lib/api-types';
import { storeSessionToken } from '../lib/session-store';

export function logout(): Promise<SuccessDto> {
  return apiSend<SuccessDto>('POST', '/api/admin/logout');
}

/** Logout calls the server, then clears the token and all cached data, whatever the server answered. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => logout().catch((err: unknown) => console.warn('Logout request failed', err)),
    onSettled: () => {
      storeSessionToken(null);
      queryClient.clear();
    },
  });
}
