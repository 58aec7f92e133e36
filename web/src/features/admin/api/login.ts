import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storeSessionToken } from '../lib/session-store';
import { meQueryKey } from './get-me';
import type { Admin } from './types';

export interface LoginInput {
  email: string;
  password: string;
}

export interface LoginResponse {
  success: boolean;
  sessionToken: string;
  admin: Admin;
}

export async function login(input: LoginInput): Promise<LoginResponse> {
  const res = await apiRequest('POST', '/api/admin/login', input);
  return (await res.json()) as LoginResponse;
}

/** Login success stores the token and sets the admin (seeding the session check's cache). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (data) => {
      if (!data.success || !data.sessionToken) throw new Error('Login failed');
      queryClient.setQueryData([...meQueryKey, data.sessionToken], data.admin);
      storeSessionToken(data.sessionToken);
    },
  });
}
