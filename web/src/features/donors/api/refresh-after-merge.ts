import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/** A merge or its undo moves gifts between two donors: every donor, list, figure and report that counts them. */
export function refreshAfterMergeChange(queryClient: QueryClient) {
  return Promise.all(
    [
      queryKeys.donors,
      queryKeys.donorList,
      queryKeys.analytics,
      queryKeys.retention,
      queryKeys.ledger,
      queryKeys.donorMail,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
