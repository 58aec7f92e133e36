import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { DonorListDto } from '../../../lib/api-types';

export const DONORS_PAGE_SIZE = 24;

export interface DonorsParams {
  page: number;
  q: string;
  /** 'attempts': customers of card attempts that never completed a gift (not donors; hidden by default). */
  show?: 'donors' | 'attempts';
}

export async function getDonors({ page, q, show }: DonorsParams): Promise<DonorListDto> {
  const params = new URLSearchParams({ page: String(page), pageSize: String(DONORS_PAGE_SIZE) });
  if (q.trim()) params.set('q', q.trim());
  if (show === 'attempts') params.set('show', 'attempts');
  try {
    return await apiGet<DonorListDto>(`/api/stripe/customers?${params}`);
  } catch (cause) {
    throw new Error('Failed to fetch customers', { cause });
  }
}

export function donorsQueryOptions(params: DonorsParams, enabled: boolean) {
  return queryOptions({
    queryKey: [...queryKeys.donorList, { page: params.page, q: params.q.trim(), show: params.show ?? 'donors' }],
    queryFn: () => getDonors(params),
    enabled,
    // Keep the current page on screen while the next page or search result loads.
    placeholderData: keepPreviousData,
  });
}

export function useDonors(params: DonorsParams, enabled: boolean) {
  return useQuery(donorsQueryOptions(params, enabled));
}
