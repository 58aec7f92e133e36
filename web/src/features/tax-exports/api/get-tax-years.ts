import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { DonorYearsDto } from '../../../lib/api-types';

/** The tax years with gifts, newest first, never a future year (the Tax Reports year picker). */
export function getTaxYears(): Promise<DonorYearsDto> {
  return apiGet<DonorYearsDto>('/api/admin/tax-exports/years');
}

export function useTaxYears() {
  return useQuery(queryOptions({ queryKey: queryKeys.taxYears, queryFn: getTaxYears }));
}
