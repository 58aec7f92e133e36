import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { AppealPublicDto } from '../../../lib/api-types';

/** GET /api/appeals/:slug: the appeal page's story, progress (from the read model) and recent named gifts. */
export function getAppeal(slug: string): Promise<AppealPublicDto> {
  return apiGet<AppealPublicDto>(`/api/appeals/${encodeURIComponent(slug)}`);
}

export const appealQueryKey = (slug: string) => ['/api/appeals', slug];

/** Refreshed every 30 s while the page is open, and at once after the visitor's own gift. */
export function useAppeal(slug: string) {
  return useQuery(
    queryOptions({
      queryKey: appealQueryKey(slug),
      queryFn: () => getAppeal(slug),
      refetchInterval: 30_000,
      retry: (count, err) => !String(err).includes('404:') && count < 2,
    }),
  );
}
