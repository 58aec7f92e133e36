import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Analytics } from './types';

export const analyticsQueryKey = ['/api/stripe/analytics'] as const;

export async function getAnalytics(): Promise<Analytics> {
  try {
    return await apiGet<Analytics>('/api/stripe/analytics');
  } catch (cause) {
    throw new Error('Failed to fetch analytics', { cause });
  }
}

export function analyticsQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: analyticsQueryKey, queryFn: getAnalytics, enabled });
}

export function useAnalytics(enabled: boolean) {
  return useQuery(analyticsQueryOptions(enabled));
}
