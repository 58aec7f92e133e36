import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyGivingDto } from '../../../lib/api-types';
import { donorGet } from './donor-session';

export const myGivingKey = ['/api/my-giving'] as const;

/** GET /api/my-giving: the donor's recurring gifts, this year's gifts with receipt numbers, their statements. */
export async function getMyGiving(): Promise<MyGivingDto> {
  return donorGet<MyGivingDto>('/api/my-giving');
}

export function myGivingQueryOptions(enabled: boolean) {
  return queryOptions({ queryKey: myGivingKey, queryFn: getMyGiving, enabled, retry: false });
}

export function useMyGiving(enabled: boolean) {
  return useQuery(myGivingQueryOptions(enabled));
}
