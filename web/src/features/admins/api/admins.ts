import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type {
  AdminListingDto,
  ChangeRoleDto,
  LogoutEverywhereResponseDto,
  SuccessDto,
  InviteAdminDto,
  SessionDto,
} from '../../../lib/api-types';

export function getAdmins(): Promise<AdminListingDto[]> {
  return apiGet<AdminListingDto[]>('/api/admin/admins');
}

export function useAdmins() {
  return useQuery(queryOptions({ queryKey: queryKeys.admins, queryFn: getAdmins }));
}

export async function inviteAdmin(input: InviteAdminDto): Promise<AdminListingDto> {
  return apiSend<AdminListingDto, InviteAdminDto>('POST', '/api/admin/admins', input);
}

/** One owner action on one admin (role, disable, enable, resend, reset two-factor, sign out everywhere). */
export type AdminAction =
  | { kind: 'role'; id: string; role: ChangeRoleDto['role'] }
  | { kind: 'disable' | 'enable' | 'resend-invite' | 'reset-two-factor' | 'logout-everywhere'; id: string }
  | { kind: 'revoke-session'; id: string; sessionId: string };

export async function runAdminAction(a: AdminAction): Promise<void> {
  const base = `/api/admin/admins/${encodeURIComponent(a.id)}`;
  // Each answers {success} or (logout-everywhere) the sessions ended: the list is read again either way.
  if (a.kind === 'role') await apiSend<SuccessDto, ChangeRoleDto>('PATCH', base, { role: a.role });
  else if (a.kind === 'revoke-session')
    await apiSend<SuccessDto>('DELETE', `${base}/sessions/${encodeURIComponent(a.sessionId)}`);
  else await apiSend<SuccessDto | LogoutEverywhereResponseDto>('POST', `${base}/${a.kind}`);
}

export function useInviteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admins }),
  });
}

export function useAdminAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAdminAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admins }),
  });
}

export function getAdminSessions(id: string): Promise<SessionDto[]> {
  return apiGet<SessionDto[]>(`/api/admin/admins/${encodeURIComponent(id)}/sessions`);
}

export function useAdminSessions(id: string) {
  return useQuery(queryOptions({ queryKey: queryKeys.adminSessions(id), queryFn: () => getAdminSessions(id) }));
}
