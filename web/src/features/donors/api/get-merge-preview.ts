import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { MergePreviewDto } from '../../../lib/api-types';
import { queryKeys } from '../../../lib/query-keys';

/** What merging `duplicateId` into `keptId` would do: both records, their gifts, the kept donor after. */
export function getMergePreview(keptId: string, duplicateId: string): Promise<MergePreviewDto> {
  return apiGet<MergePreviewDto>(
    `/api/stripe/customer/${encodeURIComponent(keptId)}/merges/preview?duplicateId=${encodeURIComponent(duplicateId)}`,
  );
}

export function mergePreviewQueryOptions(keptId: string, duplicateId: string | null) {
  return queryOptions({
    queryKey: [...queryKeys.donor(keptId), 'merge-preview', duplicateId],
    queryFn: () => getMergePreview(keptId, duplicateId!),
    enabled: duplicateId !== null,
    // Always the gifts as they are now: the confirmation must not show an old count.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useMergePreview(keptId: string, duplicateId: string | null) {
  return useQuery(mergePreviewQueryOptions(keptId, duplicateId));
}
