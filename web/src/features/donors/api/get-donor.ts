import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { DonorDto } from '../../../lib/api-types';

export class DonorNotFoundError extends Error {
  /** The kept donor, when this record was merged into another (the API's 404 says so). */
  get mergedInto(): string | null {
    const cause = this.cause instanceof Error ? this.cause.message : '';
    return /merged into (cus_[A-Za-z0-9]+)/.exec(cause)?.[1] ?? null;
  }
}

export async function getDonor(customerId: string): Promise<DonorDto> {
  try {
    return await apiGet<DonorDto>(`/api/stripe/customer/${encodeURIComponent(customerId)}`);
  } catch (cause) {
    if (cause instanceof Error && cause.message.startsWith('404:'))
      throw new DonorNotFoundError('Failed to fetch customer', { cause });
    throw new Error('Failed to fetch customer', { cause });
  }
}

export function donorQueryOptions(customerId: string, enabled: boolean) {
  return queryOptions({
    queryKey: [...queryKeys.donor(customerId), 'donor'],
    queryFn: () => getDonor(customerId),
    enabled,
  });
}

export function useDonor(customerId: string, enabled: boolean) {
  return useQuery(donorQueryOptions(customerId, enabled));
}
