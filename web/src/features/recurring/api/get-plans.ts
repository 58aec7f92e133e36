import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { PlanPageDto } from '../../../lib/api-types';

export const PAGE_SIZE = 50;

/** One keyset page of plans: `status` '' for every plan, `cursor` '' for the first page. */
export function getPlans(status: string, cursor: string): Promise<PlanPageDto> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (status) params.set('status', status);
  if (cursor) params.set('cursor', cursor);
  return apiGet<PlanPageDto>(`/api/admin/recurring/plans?${params}`);
}

export function usePlans(status: string, cursor: string) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.recurring, 'plans', status, cursor],
      queryFn: () => getPlans(status, cursor),
      placeholderData: keepPreviousData,
    }),
  );
}
