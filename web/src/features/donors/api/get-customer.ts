import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { DonorDto } from '../../../lib/api-types';

export class CustomerNotFoundError extends Error {}

export async function getCustomer(customerId: string): Promise<DonorDto> {
  try {
    return await apiGet<DonorDto>(`/api/stripe/customer/${encodeURIComponent(customerId)}`);
  } catch (cause) {
    if (cause instanceof Error && cause.message.startsWith('404:')) throw new CustomerNotFoundError('Failed to fetch customer', { cause });
    throw new Error('Failed to fetch customer', { cause });
  }
}

export function customerQueryOptions(customerId: string, enabled: boolean) {
  return queryOptions({ queryKey: [...queryKeys.donor(customerId), 'donor'], queryFn: () => getCustomer(customerId), enabled });
}

export function useCustomer(customerId: string, enabled: boolean) {
  return useQuery(customerQueryOptions(customerId, enabled));
}
