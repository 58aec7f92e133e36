import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { LogoutEverywhereResponseDto } from '../../../lib/api-types';
import { storeSessionToken } from '../lib/session-store';

export async function logoutEverywhere(): Promise<LogoutEverywhereResponseDto> {
  return apiSend<LogoutEverywhereResponseDto>('POST', '/api/admin/logout-everywhere');
}

/** Ends every session of the admin, this one included: on success the token and all cached data are cleared. */
export function useLogoutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: () => {
      storeSessionToken(null);
      queryClient.clear();
    },
  });
}
