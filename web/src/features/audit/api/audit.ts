import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { AuditFiltersDto, AuditPageDto } from '../../../lib/api-types';

export interface AuditFilter {
  adminId: string;
  action: string;
  from: string;
  to: string;
}

/** The filter as a query string (empty filters left out). */
export function auditQuery(f: AuditFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...f, ...extra })) if (v) params.set(k, v);
  const s = params.toString();
  return s ? `?${s}` : '';
}

export function getAuditPage(f: AuditFilter, page: number): Promise<AuditPageDto> {
  return apiGet<AuditPageDto>(`/api/admin/audit${auditQuery(f, { page: String(page), pageSize: '50' })}`);
}

export function useAuditPage(f: AuditFilter, page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.audit, f, page],
      queryFn: () => getAuditPage(f, page),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useAuditFilters() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.auditFilters,
      queryFn: () => apiGet<AuditFiltersDto>('/api/admin/audit/filters'),
    }),
  );
}
