import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { OperationsDto } from '../../../lib/api-types';

export async function getOperations(): Promise<OperationsDto> {
  try {
    return await apiGet<OperationsDto>('/api/admin/operations');
  } catch (cause) {
    throw new Error('Failed to load the queues and the inbox', { cause });
  }
}

/** Refreshed every 10 seconds while the page is open: lag and queue counts move on their own. */
export function operationsQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: queryKeys.operations, queryFn: getOperations, enabled, refetchInterval: 10_000 });
}

export function useOperations(enabled: boolean) {
  return useQuery(operationsQueryOptions(enabled));
}
