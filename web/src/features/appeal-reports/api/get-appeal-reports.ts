import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { AppealReportDetailDto, AppealReportListDto } from '../../../lib/api-types';

export const appealReportsKey = queryKeys.appealReports;

/** GET /api/admin/appeal-reports: every appeal's figures and the year-end pair. */
export function useAppealReports() {
  return useQuery(
    queryOptions({
      queryKey: appealReportsKey,
      queryFn: () => apiGet<AppealReportListDto>('/api/admin/appeal-reports'),
    }),
  );
}

/** GET /api/admin/appeal-reports/:id: one appeal's figures and its gifts by day. */
export function useAppealReport(id: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...appealReportsKey, id],
      queryFn: () => apiGet<AppealReportDetailDto>(`/api/admin/appeal-reports/${id}`),
      enabled: Boolean(id),
    }),
  );
}
