import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { PayoutsPageDto } from '../../../lib/api-types';

export function getPayouts(page: number): Promise<PayoutsPageDto> {
  return apiGet<PayoutsPageDto>(`/api/admin/payouts?page=${page}`);
}

export function usePayouts(page: number) {
  return useQuery(queryOptions({ queryKey: queryKeys.payouts(page), queryFn: () => getPayouts(page), placeholderData: keepPreviousData }));
}
