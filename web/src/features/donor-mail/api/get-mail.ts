import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { MailSummaryDto, RetriedMailDto } from '../../../lib/api-types';

export function getMail(): Promise<MailSummaryDto> {
  return apiGet<MailSummaryDto>('/api/admin/mail');
}

/** While messages wait, the counts are refreshed every few seconds. */
export function mailQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.mail,
    queryFn: getMail,
    refetchInterval: (q) => ((q.state.data?.queued ?? 0) + (q.state.data?.sending ?? 0) > 0 ? 3000 : false),
  });
}

export function useMail() {
  return useQuery(mailQueryOptions());
}

export async function retryMail(id: string): Promise<RetriedMailDto> {
  return apiSend<RetriedMailDto>('POST', `/api/admin/mail/${encodeURIComponent(id)}/retry`);
}

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMail,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.mail }),
        queryClient.invalidateQueries({ queryKey: queryKeys.donorMail }),
      ]),
  });
}
