import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { AppealPublicDto } from '../../../lib/api-types';

/**
 * GET /api/appeals/:slug: the appeal page's story, progress (from the read model) and recent named gifts. A plain
 * fetch (the default cache mode), so the browser keeps the answer with its ETag and asks again with If-None-Match:
 * while nothing changed the API answers 304 with no body and the browser hands back the copy it holds.
 */
export function getAppeal(slug: string): Promise<AppealPublicDto> {
  return apiGet<AppealPublicDto>(`/api/appeals/${encodeURIComponent(slug)}`);
}

export const appealQueryKey = (slug: string) => ['/api/appeals', slug];

/** How often an open (or not yet open) appeal's page asks for its progress; an ended one no longer asks. */
export const APPEAL_REFRESH_MS = 3_000;

export function appealRefreshInterval(appeal: Pick<AppealPublicDto, 'state'> | undefined): number | false {
  return appeal?.state === 'closed' ? false : APPEAL_REFRESH_MS;
}

/**
 * Refreshed every 3 s while the page is open and its tab is seen (not in a hidden tab), until the appeal ends; at
 * once after the visitor's own gift. Each refresh is a conditional request: 304 until a gift or an edit changes it.
 */
export function appealQuery(slug: string) {
  return queryOptions({
    queryKey: appealQueryKey(slug),
    queryFn: () => getAppeal(slug),
    refetchInterval: (query) => appealRefreshInterval(query.state.data),
    refetchIntervalInBackground: false,
    retry: (count, err) => !String(err).includes('404:') && count < 2,
  });
}

export function useAppeal(slug: string) {
  return useQuery(appealQuery(slug));
}
