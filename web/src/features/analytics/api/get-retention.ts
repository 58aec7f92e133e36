import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { downloadServerNamedFile } from '../../../lib/download';
import { queryKeys } from '../../../lib/query-keys';
import type { LapsedPageDto, RetentionDto } from '../../../lib/api-types';

export type LapsedKind = LapsedPageDto['kind'];

export async function getRetention(year: number): Promise<RetentionDto> {
  try {
    return await apiGet<RetentionDto>(`/api/stripe/retention?year=${year}`);
  } catch (cause) {
    throw new Error('Failed to fetch retention figures', { cause });
  }
}

export function useRetention(year: number) {
  return useQuery(queryOptions({ queryKey: [...queryKeys.retention, year], queryFn: () => getRetention(year), placeholderData: keepPreviousData }));
}

export async function getLapsed(kind: LapsedKind, year: number, page: number): Promise<LapsedPageDto> {
  try {
    return await apiGet<LapsedPageDto>(`/api/stripe/retention/lapsed?kind=${kind}&year=${year}&page=${page}&pageSize=25`);
  } catch (cause) {
    throw new Error('Failed to fetch lapsed donors', { cause });
  }
}

export function useLapsed(kind: LapsedKind, year: number, page: number) {
  return useQuery(queryOptions({
    queryKey: [...queryKeys.retention, 'lapsed', kind, year, page],
    queryFn: () => getLapsed(kind, year, page),
    placeholderData: keepPreviousData,
  }));
}

/** The whole list as CSV, named by the server; answers the file name. */
export function downloadLapsedCsv(kind: LapsedKind, year: number): Promise<string> {
  return downloadServerNamedFile(`/api/stripe/retention/lapsed/export?kind=${kind}&year=${year}`);
}
