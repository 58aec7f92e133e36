import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { AdminDto } from '../../../lib/api-types';

/** The session check; a 401 here means the stored token is no longer valid. */
export function getMe(): Promise<AdminDto> {
  return apiGet<AdminDto>('/api/admin/me');
}

export function meQueryOptions(token: string | null) {
  return queryOptions({ queryKey: [...queryKeys.me, token], queryFn: getMe, enabled: !!token, retry: false });
}

export function useMe(token: string | null) {
  return useQuery(meQueryOptions(token));
}
