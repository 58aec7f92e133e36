import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { AcknowledgmentSettingDto } from '../../../lib/api-types';

/** Whether new gifts are acknowledged automatically, and since when (owners change it on the Settings page). */
export function getAcknowledgmentSetting(): Promise<AcknowledgmentSettingDto> {
  return apiGet<AcknowledgmentSettingDto>('/api/admin/acknowledgments/setting');
}

export function acknowledgmentSettingQueryOptions() {
  return queryOptions({ queryKey: queryKeys.acknowledgmentSetting, queryFn: getAcknowledgmentSetting });
}

export function useAcknowledgmentSetting() {
  return useQuery(acknowledgmentSettingQueryOptions());
}
