import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Admin } from './types';

export const meQueryKey = ['/api/admin/me'] as const;

/** The session check; a 401 here means the stored token is no longer valid. */
export function getMe(): Promise<Admin> {
  return apiGet<Admin>('/api/admin/me');
}

export function meQueryOptions(token: string | null) {
  return queryOptions({ queryKey: [...meQueryKey, token], queryFn: getMe, enabled: !!token, retry: false });
}

export function useMe(token: string | null) {
  return useQuery(meQueryOptions(token));
}
