import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function requestPasswordReset(email: string): Promise<{ message: string }> {
  const res = await apiRequest('POST', '/api/admin/password-reset/request', { email });
  return (await res.json()) as { message: string };
}

export function usePasswordResetRequest() {
  return useMutation({ mutationFn: requestPasswordReset });
}
