import { apiRequest } from '../../../lib/api-client';
import type { DonorSessionDto } from '../../../lib/api-types';
import { setDonorToken } from './donor-session';

/** POST /api/my-giving/session {token}: spends the e-mailed link and keeps the session it opens. */
export async function openSession(token: string): Promise<DonorSessionDto> {
  const res = await apiRequest('POST', '/api/my-giving/session', { token });
  const session = (await res.json()) as DonorSessionDto;
  setDonorToken(session.sessionToken);
  return session;
}
