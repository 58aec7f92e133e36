import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client';
import type { PageStateDto, RevisionsDto, SaveDraftDto, SitePagesAdminDto } from '../../../lib/api-types';
import { queryKeys } from '../../../lib/query-keys';

const base = '/api/admin/website/pages';

export function useSitePages() {
  return useQuery(queryOptions({ queryKey: queryKeys.websitePages, queryFn: () => apiGet<SitePagesAdminDto>(base) }));
}

export function usePageRevisions(page: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.websitePageRevisions(page),
      queryFn: () => apiGet<RevisionsDto>(`${base}/${encodeURIComponent(page)}/revisions`),
    }),
  );
}

/** Each write answers the page's new state: it replaces that page in the list, and the history is read again. */
function usePageWrite<V>(write: (v: V) => Promise<PageStateDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (state) => {
      queryClient.setQueryData<SitePagesAdminDto>(queryKeys.websitePages, (old) =>
        old ? { pages: old.pages.map((p) => (p.page === state.page ? state : p)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.websitePageRevisions(state.page) });
    },
  });
}

export function useSaveDraft() {
  return usePageWrite(({ page, content }: { page: string; content: Record<string, string> }) =>
    apiSend<PageStateDto, SaveDraftDto>('PUT', `${base}/${encodeURIComponent(page)}/draft`, { content }),
  );
}

export function useDiscardDraft() {
  return usePageWrite((page: string) => apiSend<PageStateDto>('DELETE', `${base}/${encodeURIComponent(page)}/draft`));
}

export function usePublishPage() {
  return usePageWrite((page: string) => apiSend<PageStateDto>('POST', `${base}/${encodeURIComponent(page)}/publish`));
}

export function useRestoreRevision() {
  return usePageWrite(({ page, id }: { page: string; id: string }) =>
    apiSend<PageStateDto>('POST', `${base}/${encodeURIComponent(page)}/revisions/${encodeURIComponent(id)}/restore`),
  );
}
