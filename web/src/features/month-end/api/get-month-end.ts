import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { MonthEndDto } from '../../../lib/api-types';

/** `month`: 'yyyy-MM', or undefined for the last month that ended. */
export function getMonthEnd(month?: string): Promise<MonthEndDto> {
  return apiGet<MonthEndDto>(`/api/stripe/month-end${month ? `?month=${month}` : ''}`);
}

export function useMonthEnd(month?: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.monthEnd(month),
      queryFn: () => getMonthEnd(month),
      placeholderData: keepPreviousData,
    }),
  );
}
