import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MessageDto, PasswordResetRequestDto } from '../../../lib/api-types';

export async function requestPasswordReset(email: string): Promise<MessageDto> {
  const res = await apiRequest('POST', '/api/admin/password-reset/request', { email } satisfies PasswordResetRequestDto);
  return (await res.json()) as MessageDto;
}

export function usePasswordResetRequest() {
  return useMutation({ mutationFn: requestPasswordReset });
}
