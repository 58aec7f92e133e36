import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { TransactionDto, operations } from '../../../lib/api-types';

/** The API's timeframe values (its query DTO); the labels are SPEC section 4's. */
export type TimeFilter = NonNullable<
  NonNullable<operations['TransactionsController_forDonor']['parameters']['query']>['timeframe']
>;

export const TIME_FILTERS: ReadonlyArray<{ value: TimeFilter; label: string }> = [
  { value: 'all', label: 'All Time' },
  { value: 'last-7-days', label: 'Last 7 Days' },
  { value: 'last-30-days', label: 'Last 30 Days' },
  { value: 'last-3-months', label: 'Last 3 Months' },
  { value: 'last-year', label: 'Last Year' },
  { value: 'custom', label: 'Custom Range' },
];

export interface TransactionFilter {
  timeframe: TimeFilter;
  /** yyyy-MM-dd, only with timeframe 'custom'. */
  startDate?: string;
  endDate?: string;
  /** An appeal id: only the gifts credited to it (the list and its CSV); absent or '' for every gift. */
  appeal?: string;
}

export async function getDonorTransactions(customerId: string, filter: TransactionFilter): Promise<TransactionDto[]> {
  const params = new URLSearchParams();
  if (filter.timeframe === 'custom' && filter.startDate && filter.endDate) {
    params.set('start_date', filter.startDate);
    params.set('end_date', filter.endDate);
  } else {
    params.set('timeframe', filter.timeframe === 'custom' ? 'all' : filter.timeframe);
  }
  if (filter.appeal) params.set('appeal', filter.appeal);
  try {
    return await apiGet<TransactionDto[]>(
      `/api/stripe/customer/${encodeURIComponent(customerId)}/transactions?${params}`,
    );
  } catch (cause) {
    throw new Error('Failed to fetch transactions', { cause });
  }
}

export function donorTransactionsQueryOptions(customerId: string, filter: TransactionFilter, enabled: boolean) {
  return queryOptions({
    queryKey: [...queryKeys.donor(customerId), 'transactions', filter],
    queryFn: () => getDonorTransactions(customerId, filter),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useDonorTransactions(customerId: string, filter: TransactionFilter, enabled: boolean) {
  return useQuery(donorTransactionsQueryOptions(customerId, filter, enabled));
}
