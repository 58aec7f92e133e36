import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { RecurringSummaryDto } from '../../../lib/api-types';

export function getRecurringSummary(): Promise<RecurringSummaryDto> {
  return apiGet<RecurringSummaryDto>('/api/admin/recurring/summary');
}

export function useRecurringSummary() {
  return useQuery(queryOptions({ queryKey: queryKeys.recurringSummary, queryFn: getRecurringSummary }));
}
