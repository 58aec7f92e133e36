import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { PayoutDetailDto } from '../../../lib/api-types';

export function getPayout(id: string): Promise<PayoutDetailDto> {
  return apiGet<PayoutDetailDto>(`/api/admin/payouts/${encodeURIComponent(id)}`);
}

export function usePayout(id: string) {
  return useQuery(queryOptions({ queryKey: queryKeys.payout(id), queryFn: () => getPayout(id) }));
}
