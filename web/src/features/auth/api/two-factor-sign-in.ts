import { apiSend } from '../../../lib/api-client';
import type {
  ChallengeDto,
  EnrolResponseDto,
  EnrolmentStartDto,
  LoginResponseDto,
  TwoFactorCodeDto,
} from '../../../lib/api-types';

/** The second step of signing in: a code from the authenticator app, or a recovery code. */
export async function submitSignInCode(challengeToken: string, code: string): Promise<LoginResponseDto> {
  return apiSend<LoginResponseDto, TwoFactorCodeDto>('POST', '/api/admin/login/two-factor', { challengeToken, code });
}

/** Enrolment during sign-in: a new secret and its QR code. */
export async function startSignInEnrolment(challengeToken: string): Promise<EnrolmentStartDto> {
  return apiSend<EnrolmentStartDto, ChallengeDto>('POST', '/api/admin/login/two-factor/setup', { challengeToken });
}

/** Enrolment during sign-in, confirmed by one code: the session and ten recovery codes. */
export async function finishSignInEnrolment(challengeToken: string, code: string): Promise<EnrolResponseDto> {
  return apiSend<EnrolResponseDto, TwoFactorCodeDto>('POST', '/api/admin/login/two-factor/enrol', {
    challengeToken,
    code,
  });
}
