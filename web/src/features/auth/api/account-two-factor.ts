import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { EnrolmentStartDto, RecoveryCodesDto, TwoFactorStatusDto } from '../../../lib/api-types';

export function getTwoFactorStatus(): Promise<TwoFactorStatusDto> {
  return apiGet<TwoFactorStatusDto>('/api/admin/account/two-factor');
}

export function useTwoFactorStatus() {
  return useQuery(queryOptions({ queryKey: queryKeys.twoFactor, queryFn: getTwoFactorStatus }));
}

export async function startAccountEnrolment(): Promise<EnrolmentStartDto> {
  const res = await apiRequest('POST', '/api/admin/account/two-factor/setup');
  return (await res.json()) as EnrolmentStartDto;
}

export async function confirmAccountEnrolment(code: string): Promise<RecoveryCodesDto> {
  const res = await apiRequest('POST', '/api/admin/account/two-factor/confirm', { code });
  return (await res.json()) as RecoveryCodesDto;
}
