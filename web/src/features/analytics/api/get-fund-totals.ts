import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { FundTotalDto } from '../../../lib/api-types';

/** GET /api/stripe/funds/totals: each fund's gifts, what reached it and the fee coverage kept apart (all time). */
export function getFundTotals(): Promise<FundTotalDto[]> {
  return apiGet<FundTotalDto[]>('/api/stripe/funds/totals');
}

export function useFundTotals() {
  return useQuery(queryOptions({ queryKey: queryKeys.fundTotals, queryFn: getFundTotals }));
}
