import { apiRequest } from '../../../lib/api-client';
import type { EnrolmentStartDto, EnrolResponseDto, LoginResponseDto } from '../../../lib/api-types';

/** The second step of signing in: a code from the authenticator app, or a recovery code. */
export async function submitSignInCode(challengeToken: string, code: string): Promise<LoginResponseDto> {
  const res = await apiRequest('POST', '/api/admin/login/two-factor', { challengeToken, code });
  return (await res.json()) as LoginResponseDto;
}

/** Enrolment during sign-in: a new secret and its QR code. */
export async function startSignInEnrolment(challengeToken: string): Promise<EnrolmentStartDto> {
  const res = await apiRequest('POST', '/api/admin/login/two-factor/setup', { challengeToken });
  return (await res.json()) as EnrolmentStartDto;
}

/** Enrolment during sign-in, confirmed by one code: the session and ten recovery codes. */
export async function finishSignInEnrolment(challengeToken: string, code: string): Promise<EnrolResponseDto> {
  const res = await apiRequest('POST', '/api/admin/login/two-factor/enrol', { challengeToken, code });
  return (await res.json()) as EnrolResponseDto;
}
