import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';
import type { AppealAdminDto } from './api-types';

export const appealsQueryKey = ['/api/admin/appeals'];

/**
 * GET /api/admin/appeals: every appeal with its totals. A reference list several admin features read (the
 * ledger's appeal filter, the Appeals report's picker, the appeals screens), so it lives here.
 */
export function getAppeals(): Promise<AppealAdminDto[]> {
  return apiGet<AppealAdminDto[]>('/api/admin/appeals');
}

export function useAppeals() {
  return useQuery(queryOptions({ queryKey: appealsQueryKey, queryFn: getAppeals }));
}
