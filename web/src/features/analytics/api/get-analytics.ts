import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { periodValue, type Period } from '../../../../../core/src/fiscal-year/periods';
import { apiGet } from '../../../lib/api-client';
import { periodQuery } from '../../../lib/fiscal-year';
import { queryKeys } from '../../../lib/query-keys';
import type { AnalyticsDto } from '../../../lib/api-types';

/** The dashboard's period: all time (null), or a month, a quarter, a calendar or fiscal year. */
export type PeriodChoice = Period | null;

export async function getAnalytics(period: PeriodChoice = null): Promise<AnalyticsDto> {
  try {
    return await apiGet<AnalyticsDto>(
      period ? `/api/stripe/analytics?${periodQuery(period)}` : '/api/stripe/analytics',
    );
  } catch (cause) {
    throw new Error('Failed to fetch analytics', { cause });
  }
}

export function analyticsQueryOptions(enabled: boolean, period: PeriodChoice = null) {
  return queryOptions({
    queryKey: period ? [...queryKeys.analytics, periodValue(period)] : queryKeys.analytics,
    queryFn: () => getAnalytics(period),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useAnalytics(enabled: boolean, period: PeriodChoice = null) {
  return useQuery(analyticsQueryOptions(enabled, period));
}
