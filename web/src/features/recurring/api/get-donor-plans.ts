import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { DonorPlansDto } from '../../../lib/api-types';

export function getDonorPlans(customerId: string): Promise<DonorPlansDto> {
  return apiGet<DonorPlansDto>(`/api/admin/donors/${encodeURIComponent(customerId)}/plans`);
}

/**
 * A donor's plans. `until`, while set, polls every second until it holds: after an action the plans change
 * only once Stripe's webhook reaches the read model, a moment later.
 */
export function useDonorPlans(customerId: string, until?: (data: DonorPlansDto) => boolean) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.donorPlans(customerId),
      queryFn: () => getDonorPlans(customerId),
      refetchInterval: (q) => (until && q.state.data && !until(q.state.data) ? 1000 : false),
    }),
  );
}
