import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface PasswordResetConfirmInput {
  token: string;
  newPassword: string;
}

/** Sent without authentication (SPEC section 6): the reset token is the credential. */
export async function confirmPasswordReset(input: PasswordResetConfirmInput): Promise<{ message: string }> {
  const res = await apiRequest('POST', '/api/admin/password-reset/confirm', input);
  return (await res.json()) as { message: string };
}

export function usePasswordResetConfirm() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
