import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { AnalyticsDto } from '../../../lib/api-types';

export async function getAnalytics(): Promise<AnalyticsDto> {
  try {
    return await apiGet<AnalyticsDto>('/api/stripe/analytics');
  } catch (cause) {
    throw new Error('Failed to fetch analytics', { cause });
  }
}

export function analyticsQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: queryKeys.analytics, queryFn: getAnalytics, enabled });
}

export function useAnalytics(enabled: boolean) {
  return useQuery(analyticsQueryOptions(enabled));
}
