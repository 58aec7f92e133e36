import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MessageDto, PasswordResetConfirmDto } from '../../../lib/api-types';

/** Sent without authentication (SPEC section 6): the reset token is the credential. */
export async function confirmPasswordReset(input: PasswordResetConfirmDto): Promise<MessageDto> {
  const res = await apiRequest('POST', '/api/admin/password-reset/confirm', input);
  return (await res.json()) as MessageDto;
}

export function usePasswordResetConfirm() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
