import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { MessageDto, PasswordResetConfirmDto } from '../../../lib/api-types';

/** Sent without authentication (SPEC section 6): the reset token is the credential. */
export async function confirmPasswordReset(input: PasswordResetConfirmDto): Promise<MessageDto> {
  return apiSend<MessageDto, PasswordResetConfirmDto>('POST', '/api/admin/password-reset/confirm', input);
}

export function usePasswordResetConfirm() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
