import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { AppealAdminDto, AppealInputDto } from '../../../lib/api-types';

/** GET /api/admin/appeals: every appeal with its progress. */
export function getAppeals(): Promise<AppealAdminDto[]> {
  return apiGet<AppealAdminDto[]>('/api/admin/appeals');
}

export function useAppeals() {
  return useQuery(queryOptions({ queryKey: queryKeys.appeals, queryFn: getAppeals }));
}

export function createAppeal(input: AppealInputDto): Promise<AppealAdminDto> {
  return apiSend<AppealAdminDto, AppealInputDto>('POST', '/api/admin/appeals', input);
}

export function updateAppeal({ id, ...patch }: AppealInputDto & { id: string }): Promise<AppealAdminDto> {
  return apiSend<AppealAdminDto, AppealInputDto>('PATCH', `/api/admin/appeals/${id}`, patch);
}

export type AppealAction = 'publish' | 'end' | 'archive';

export function changeAppeal({ id, action }: { id: string; action: AppealAction }): Promise<AppealAdminDto> {
  return apiSend<AppealAdminDto>('POST', `/api/admin/appeals/${id}/${action}`);
}

function useAppealMutation<T>(fn: (input: T) => Promise<AppealAdminDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.appeals }),
  });
}

export const useCreateAppeal = () => useAppealMutation(createAppeal);
export const useUpdateAppeal = () => useAppealMutation(updateAppeal);
export const useChangeAppeal = () => useAppealMutation(changeAppeal);
