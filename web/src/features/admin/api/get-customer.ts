import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Donor } from './types';

/** Prefix for one donor's queries (the donor and its transactions). */
export const customerQueryKey = (customerId: string) => ['/api/stripe/customer', customerId] as const;

export class CustomerNotFoundError extends Error {}

export async function getCustomer(customerId: string): Promise<Donor> {
  try {
    return await apiGet<Donor>(`/api/stripe/customer/${encodeURIComponent(customerId)}`);
  } catch (cause) {
    if (cause instanceof Error && cause.message.startsWith('404:')) throw new CustomerNotFoundError('Failed to fetch customer', { cause });
    throw new Error('Failed to fetch customer', { cause });
  }
}

export function customerQueryOptions(customerId: string, enabled: boolean) {
  return queryOptions({ queryKey: [...customerQueryKey(customerId), 'donor'], queryFn: () => getCustomer(customerId), enabled });
}

export function useCustomer(customerId: string, enabled: boolean) {
  return useQuery(customerQueryOptions(customerId, enabled));
}
