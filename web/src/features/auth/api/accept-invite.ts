import { apiRequest } from '../../../lib/api-client';
import type { LoginResponseDto } from '../../../lib/api-types';

/** Sets the invited admin's first password; answers like sign-in (usually: enrol two-factor next). */
export async function acceptInvite(token: string, newPassword: string): Promise<LoginResponseDto> {
  const res = await apiRequest('POST', '/api/admin/invite/accept', { token, newPassword });
  return (await res.json()) as LoginResponseDto;
}
