import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { MessageDto, PasswordResetRequestDto } from '../../../lib/api-types';

export async function requestPasswordReset(email: string): Promise<MessageDto> {
  return apiSend<MessageDto, PasswordResetRequestDto>('POST', '/api/admin/password-reset/request', { email });
}

export function usePasswordResetRequest() {
  return useMutation({ mutationFn: requestPasswordReset });
}
