import { apiSend } from '../../../lib/api-client';
import type { LoginResponseDto, PasswordResetConfirmDto } from '../../../lib/api-types';

/** Sets the invited admin's first password; answers like sign-in (usually: enrol two-factor next). */
export async function acceptInvite(token: string, newPassword: string): Promise<LoginResponseDto> {
  return apiSend<LoginResponseDto, PasswordResetConfirmDto>('POST', '/api/admin/invite/accept', { token, newPassword });
}
