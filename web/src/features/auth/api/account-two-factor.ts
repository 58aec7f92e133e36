import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type {
  AccountCodeDto,
  EnrolmentStartDto,
  RecoveryCodesDto,
  TwoFactorSetupDto,
  TwoFactorStatusDto,
} from '../../../lib/api-types';

export function getTwoFactorStatus(): Promise<TwoFactorStatusDto> {
  return apiGet<TwoFactorStatusDto>('/api/admin/account/two-factor');
}

export function useTwoFactorStatus() {
  return useQuery(queryOptions({ queryKey: queryKeys.twoFactor, queryFn: getTwoFactorStatus }));
}

/** Starts set-up again: only with the admin's password, or a current code of the two-factor sign-in it replaces. */
export async function startAccountEnrolment(proof: TwoFactorSetupDto): Promise<EnrolmentStartDto> {
  return apiSend<EnrolmentStartDto, TwoFactorSetupDto>('POST', '/api/admin/account/two-factor/setup', proof);
}

export async function confirmAccountEnrolment(code: string): Promise<RecoveryCodesDto> {
  return apiSend<RecoveryCodesDto, AccountCodeDto>('POST', '/api/admin/account/two-factor/confirm', { code });
}
