import { apiSend } from '../../../lib/api-client';
import type { DonorSessionDto, OpenSessionDto } from '../../../lib/api-types';
import { setDonorToken } from './donor-session';

/** POST /api/my-giving/session {token}: spends the e-mailed link and keeps the session it opens. */
export async function openSession(token: string): Promise<DonorSessionDto> {
  const session = await apiSend<DonorSessionDto, OpenSessionDto>('POST', '/api/my-giving/session', { token });
  setDonorToken(session.sessionToken);
  return session;
}
