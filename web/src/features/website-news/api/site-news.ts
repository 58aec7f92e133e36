import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client';
import type {
  AdminNewsPostDto,
  AdminSiteEventDto,
  AdminSiteEventListDto,
  SiteItemDeletedDto,
  NewsListDto,
  NewsPostDto,
  SaveNewsPostDto,
  SaveSiteEventDto,
  SiteEventListDto,
} from '../../../lib/api-types';

/** The public reads (no session; the API answers each with the site version's ETag, so a publish shows at once). */
export const siteNewsKeys = {
  news: (limit: number) => ['/api/site/news', limit],
  post: (slug: string) => ['/api/site/news', 'post', slug],
  events: ['/api/site/events'],
  adminNews: ['/api/admin/website/news'],
  adminEvents: ['/api/admin/website/events'],
};

export function useNewsList(limit: number) {
  return useQuery(
    queryOptions({
      queryKey: siteNewsKeys.news(limit),
      queryFn: () => apiGet<NewsListDto>(`/api/site/news?limit=${limit}`),
    }),
  );
}

export function useNewsPost(slug: string) {
  return useQuery(
    queryOptions({
      queryKey: siteNewsKeys.post(slug),
      queryFn: () => apiGet<NewsPostDto>(`/api/site/news/${encodeURIComponent(slug)}`),
      retry: false,
    }),
  );
}

export function useSiteEvents() {
  return useQuery(
    queryOptions({ queryKey: siteNewsKeys.events, queryFn: () => apiGet<SiteEventListDto>('/api/site/events') }),
  );
}

/** The editors' reads and writes. */
export function useAdminNews() {
  return useQuery(
    queryOptions({
      queryKey: siteNewsKeys.adminNews,
      queryFn: () => apiGet<AdminNewsPostDto[]>('/api/admin/website/news'),
    }),
  );
}

export function useAdminEvents() {
  return useQuery(
    queryOptions({
      queryKey: siteNewsKeys.adminEvents,
      queryFn: () => apiGet<AdminSiteEventListDto>('/api/admin/website/events'),
    }),
  );
}

function useSiteMutation<I, O>(fn: (input: I) => Promise<O>, key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: key });
      await queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/site') });
    },
  });
}

export const useSaveNewsPost = () =>
  useSiteMutation(
    ({ id, ...body }: SaveNewsPostDto & { id?: string }) =>
      id
        ? apiSend<AdminNewsPostDto, SaveNewsPostDto>('PATCH', `/api/admin/website/news/${id}`, body)
        : apiSend<AdminNewsPostDto, SaveNewsPostDto>('POST', '/api/admin/website/news', body),
    siteNewsKeys.adminNews,
  );

export const useDeleteNewsPost = () =>
  useSiteMutation(
    (id: string) => apiSend<SiteItemDeletedDto>('DELETE', `/api/admin/website/news/${id}`),
    siteNewsKeys.adminNews,
  );

export const useSaveSiteEvent = () =>
  useSiteMutation(
    ({ id, ...body }: SaveSiteEventDto & { id?: string }) =>
      id
        ? apiSend<AdminSiteEventDto, SaveSiteEventDto>('PATCH', `/api/admin/website/events/${id}`, body)
        : apiSend<AdminSiteEventDto, SaveSiteEventDto>('POST', '/api/admin/website/events', body),
    siteNewsKeys.adminEvents,
  );

export const useDeleteSiteEvent = () =>
  useSiteMutation(
    (id: string) => apiSend<SiteItemDeletedDto>('DELETE', `/api/admin/website/events/${id}`),
    siteNewsKeys.adminEvents,
  );
