import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { parseYearValue } from '../../../lib/fiscal-year';
import { queryKeys } from '../../../lib/query-keys';
import type { PayoutsPageDto } from '../../../lib/api-types';

/** `year`: 'all', or a year choice ('fiscal:2026', 'calendar:2026'): the payouts arriving in it. */
export function getPayouts(page: number, year = 'all'): Promise<PayoutsPageDto> {
  const y = parseYearValue(year);
  return apiGet<PayoutsPageDto>(`/api/admin/payouts?page=${page}${y ? `&year=${y.year}&basis=${y.basis}` : ''}`);
}

export function usePayouts(page: number, year = 'all') {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.payouts(page, year),
      queryFn: () => getPayouts(page, year),
      placeholderData: keepPreviousData,
    }),
  );
}
