import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { YearBasis } from '../../../../../core/src/fiscal-year/fiscal-year';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { AnalyticsDto } from '../../../lib/api-types';

/** The dashboard's period: all time (null), or a calendar or fiscal year. */
export type AnalyticsPeriod = { basis: YearBasis; year: number } | null;

export async function getAnalytics(period: AnalyticsPeriod = null): Promise<AnalyticsDto> {
  try {
    return await apiGet<AnalyticsDto>(period ? `/api/stripe/analytics?year=${period.year}&basis=${period.basis}` : '/api/stripe/analytics');
  } catch (cause) {
    throw new Error('Failed to fetch analytics', { cause });
  }
}

export function analyticsQueryOptions(enabled: boolean, period: AnalyticsPeriod = null) {
  return queryOptions({
    queryKey: period ? [...queryKeys.analytics, period.basis, period.year] : queryKeys.analytics,
    queryFn: () => getAnalytics(period),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useAnalytics(enabled: boolean, period: AnalyticsPeriod = null) {
  return useQuery(analyticsQueryOptions(enabled, period));
}
