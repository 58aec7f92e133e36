import { donorSend, setDonorToken } from './donor-session';

/** POST /api/my-giving/sign-out; the token is forgotten whatever the answer. */
export async function signOut(): Promise<void> {
  // 204: no answer to read.
  await donorSend<void>('POST', '/api/my-giving/sign-out').catch(() => undefined);
  setDonorToken(null);
}
