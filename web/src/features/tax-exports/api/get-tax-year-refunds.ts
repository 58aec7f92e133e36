import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { TaxYearRefundsDto } from '../../../lib/api-types';

/** Refunds and disputes made in a tax year, each on the day it happened: the dashboard's figures for that year. */
export function getTaxYearRefunds(year: number): Promise<TaxYearRefundsDto> {
  return apiGet<TaxYearRefundsDto>(`/api/admin/tax-exports/refunds/${year}`);
}

export function useTaxYearRefunds(year: number) {
  return useQuery(queryOptions({ queryKey: queryKeys.taxYearRefunds(year), queryFn: () => getTaxYearRefunds(year) }));
}
