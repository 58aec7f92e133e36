import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { storeSessionToken } from '../lib/session-store';
import { queryKeys } from '../../../lib/query-keys';
import type { LoginDto, LoginResponseDto } from '../../../lib/api-types';

export async function login(input: LoginDto): Promise<LoginResponseDto> {
  return apiSend<LoginResponseDto, LoginDto>('POST', '/api/admin/login', input);
}

/** A finished sign-in stores the token and sets the admin (seeding the session check's cache). */
export function completeSignIn(queryClient: QueryClient, data: LoginResponseDto): void {
  if (!data.success || !data.sessionToken || !data.admin) throw new Error('Login failed');
  queryClient.setQueryData([...queryKeys.me, data.sessionToken], data.admin);
  storeSessionToken(data.sessionToken);
}

/** Login: a session at once, or (success false) the second step the answer names; the form shows that step. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (data) => {
      if (data.success) completeSignIn(queryClient, data);
    },
  });
}
