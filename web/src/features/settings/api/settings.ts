import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { SettingsDto, UpdateSettingsDto } from '../../../lib/api-types';

export function useSettings() {
  return useQuery(
    queryOptions({ queryKey: queryKeys.settings, queryFn: () => apiGet<SettingsDto>('/api/admin/settings') }),
  );
}

export async function updateSettings(input: UpdateSettingsDto): Promise<SettingsDto> {
  return apiSend<SettingsDto, UpdateSettingsDto>('PATCH', '/api/admin/settings', input);
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.settings, data);
      // A new fiscal year start changes every fiscal-year figure and picker.
      for (const key of [queryKeys.fiscalYear, queryKeys.analytics, queryKeys.retention])
        void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
