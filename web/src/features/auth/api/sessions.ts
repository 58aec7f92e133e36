import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { SessionDto, SuccessDto } from '../../../lib/api-types';

export function getMySessions(): Promise<SessionDto[]> {
  return apiGet<SessionDto[]>('/api/admin/account/sessions');
}

export function useMySessions() {
  return useQuery(queryOptions({ queryKey: queryKeys.mySessions, queryFn: getMySessions }));
}

export function revokeMySession(sessionId: string): Promise<SuccessDto> {
  return apiSend<SuccessDto>('DELETE', `/api/admin/account/sessions/${encodeURIComponent(sessionId)}`);
}

export function useRevokeMySession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeMySession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.mySessions }),
  });
}
