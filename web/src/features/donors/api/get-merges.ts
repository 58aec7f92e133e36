import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { DonorMergeDto } from '../../../lib/api-types';
import { queryKeys } from '../../../lib/query-keys';

/** The records merged into this donor (merges in force), newest first. */
export function getMerges(customerId: string): Promise<DonorMergeDto[]> {
  return apiGet<DonorMergeDto[]>(`/api/stripe/customer/${encodeURIComponent(customerId)}/merges`);
}

export function mergesQueryOptions(customerId: string) {
  return queryOptions({ queryKey: [...queryKeys.donor(customerId), 'merges'], queryFn: () => getMerges(customerId) });
}

export function useMerges(customerId: string) {
  return useQuery(mergesQueryOptions(customerId));
}
