import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { ImportProgressDto } from '../../../lib/api-types';

export async function importDonorBatch(id: string): Promise<ImportProgressDto> {
  return apiSend<ImportProgressDto>('POST', `/api/admin/donor-imports/${id}/import`);
}

/**
 * Calls the import endpoint batch after batch until it says finished, reporting each step (the progress bar);
 * then every read-model view is refreshed: donors, totals and the ledger all changed.
 */
export function useImportDonors(onProgress: (p: ImportProgressDto) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      for (;;) {
        const p = await importDonorBatch(id);
        onProgress(p);
        if (p.finished) return p;
      }
    },
    onSettled: () => queryClient.invalidateQueries(),
  });
}
