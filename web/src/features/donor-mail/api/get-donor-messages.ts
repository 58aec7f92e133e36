import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type {
  DonorMessagesDto,
  ResentStatementDto,
  SendAcknowledgmentDto,
  SentAcknowledgmentDto,
} from '../../../lib/api-types';

export function getDonorMessages(customerId: string): Promise<DonorMessagesDto> {
  return apiGet<DonorMessagesDto>(`/api/admin/donors/${encodeURIComponent(customerId)}/messages`);
}

const waiting = (d?: DonorMessagesDto) =>
  (d?.messages ?? []).some((m) => m.status === 'queued' || m.status === 'sending');

/**
 * A donor's messages. A gift's acknowledgment is queued a moment after the gift reaches the read model, so the
 * list refreshes every few seconds while anything waits and every 10 s otherwise (a gift just made shows up).
 */
export function donorMessagesQueryOptions(customerId: string) {
  return queryOptions({
    queryKey: queryKeys.donorMessages(customerId),
    queryFn: () => getDonorMessages(customerId),
    refetchInterval: (q) => (waiting(q.state.data) ? 2500 : 10_000),
  });
}

export function useDonorMessages(customerId: string) {
  return useQuery(donorMessagesQueryOptions(customerId));
}

export async function sendAcknowledgment({
  customerId,
  ...body
}: SendAcknowledgmentDto & { customerId: string }): Promise<SentAcknowledgmentDto> {
  return apiSend<SentAcknowledgmentDto, SendAcknowledgmentDto>(
    'POST',
    `/api/admin/donors/${encodeURIComponent(customerId)}/acknowledgments`,
    body,
  );
}

export async function resendStatement({
  customerId,
  year,
}: {
  customerId: string;
  year: number;
}): Promise<ResentStatementDto> {
  return apiSend<ResentStatementDto>(
    'POST',
    `/api/admin/tax-exports/statements/${year}/resend/${encodeURIComponent(customerId)}`,
  );
}

function useRefreshingMutation<T, V extends { customerId: string }>(fn: (v: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_d, v) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.donorMessages(v.customerId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.statementRuns }),
      ]),
  });
}

export function useSendAcknowledgment() {
  return useRefreshingMutation(sendAcknowledgment);
}

export function useResendStatement() {
  return useRefreshingMutation(resendStatement);
}
