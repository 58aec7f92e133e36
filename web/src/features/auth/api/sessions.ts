import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { SessionDto } from '../../../lib/api-types';

export function getMySessions(): Promise<SessionDto[]> {
  return apiGet<SessionDto[]>('/api/admin/account/sessions');
}

export function useMySessions() {
  return useQuery(queryOptions({ queryKey: queryKeys.mySessions, queryFn: getMySessions }));
}

export async function revokeMySession(sessionId: string): Promise<void> {
  await apiRequest('DELETE', `/api/admin/account/sessions/${encodeURIComponent(sessionId)}`);
}

export function useRevokeMySession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeMySession, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.mySessions }) });
}
