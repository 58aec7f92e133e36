import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { queryKeys } from './query-keys';
import type { FundDto } from './api-types';

/**
 * GET /api/admin/funds: the school's funds, archived ones too. A reference list several admin features read (the
 * ledger's filter, the manual-gift form, the Funds page), so it lives here rather than in one of them.
 */
export function getFunds(): Promise<FundDto[]> {
  return apiGet<FundDto[]>('/api/admin/funds');
}

export function useFunds() {
  return useQuery(queryOptions({ queryKey: queryKeys.funds, queryFn: getFunds }));
}
