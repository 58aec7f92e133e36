import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { customerQueryKey } from './get-customer';
import type { Transaction } from './types';

export const TIME_FILTERS = [
  { value: 'all', label: 'All Time' },
  { value: 'last-7-days', label: 'Last 7 Days' },
  { value: 'last-30-days', label: 'Last 30 Days' },
  { value: 'last-3-months', label: 'Last 3 Months' },
  { value: 'last-year', label: 'Last Year' },
  { value: 'custom', label: 'Custom Range' },
] as const;

export type TimeFilter = (typeof TIME_FILTERS)[number]['value'];

export interface TransactionFilter {
  timeframe: TimeFilter;
  /** yyyy-MM-dd, only with timeframe 'custom'. */
  startDate?: string;
  endDate?: string;
}

export async function getCustomerTransactions(customerId: string, filter: TransactionFilter): Promise<Transaction[]> {
  const params = new URLSearchParams();
  if (filter.timeframe === 'custom' && filter.startDate && filter.endDate) {
    params.set('start_date', filter.startDate);
    params.set('end_date', filter.endDate);
  } else {
    params.set('timeframe', filter.timeframe === 'custom' ? 'all' : filter.timeframe);
  }
  try {
    const body = await apiGet<Transaction[] | { transactions: Transaction[] }>(
      `/api/stripe/customer/${encodeURIComponent(customerId)}/transactions?${params}`,
    );
    return Array.isArray(body) ? body : (body.transactions ?? []);
  } catch (cause) {
    throw new Error('Failed to fetch transactions', { cause });
  }
}

export function customerTransactionsQueryOptions(customerId: string, filter: TransactionFilter, enabled: boolean) {
  return queryOptions({
    queryKey: [...customerQueryKey(customerId), 'transactions', filter],
    queryFn: () => getCustomerTransactions(customerId, filter),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useCustomerTransactions(customerId: string, filter: TransactionFilter, enabled: boolean) {
  return useQuery(customerTransactionsQueryOptions(customerId, filter, enabled));
}
