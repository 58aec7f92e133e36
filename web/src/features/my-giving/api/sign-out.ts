import { donorRequest, setDonorToken } from './donor-session';

/** POST /api/my-giving/sign-out; the token is forgotten whatever the answer. */
export async function signOut(): Promise<void> {
  await donorRequest('POST', '/api/my-giving/sign-out').catch(() => undefined);
  setDonorToken(null);
}
