import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { downloadServerNamedFile } from '../../../lib/download';
import { queryKeys } from '../../../lib/query-keys';
import type { LapsedPageDto, RetentionDto } from '../../../lib/api-types';
import type { YearBasis } from '../../../../../core/src/fiscal-year/fiscal-year';

/** A retention year: calendar or fiscal (named by the calendar year in which it ends). */
export interface RetentionYear {
  basis: YearBasis;
  year: number;
}

const q = (y: RetentionYear) => `year=${y.year}&basis=${y.basis}`;

export type LapsedKind = LapsedPageDto['kind'];

export async function getRetention(year: RetentionYear): Promise<RetentionDto> {
  try {
    return await apiGet<RetentionDto>(`/api/stripe/retention?${q(year)}`);
  } catch (cause) {
    throw new Error('Failed to fetch retention figures', { cause });
  }
}

export function useRetention(year: RetentionYear) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.retention, year.basis, year.year],
      queryFn: () => getRetention(year),
      placeholderData: keepPreviousData,
    }),
  );
}

export async function getLapsed(kind: LapsedKind, year: RetentionYear, page: number): Promise<LapsedPageDto> {
  try {
    return await apiGet<LapsedPageDto>(`/api/stripe/retention/lapsed?kind=${kind}&${q(year)}&page=${page}&pageSize=25`);
  } catch (cause) {
    throw new Error('Failed to fetch lapsed donors', { cause });
  }
}

export function useLapsed(kind: LapsedKind, year: RetentionYear, page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.retention, 'lapsed', kind, year.basis, year.year, page],
      queryFn: () => getLapsed(kind, year, page),
      placeholderData: keepPreviousData,
    }),
  );
}

/** The whole list as CSV, named by the server; answers the file name. */
export function downloadLapsedCsv(kind: LapsedKind, year: RetentionYear): Promise<string> {
  return downloadServerNamedFile(`/api/stripe/retention/lapsed/export?kind=${kind}&${q(year)}`);
}
