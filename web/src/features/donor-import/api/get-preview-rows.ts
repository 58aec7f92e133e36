import { useMutation } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { PreviewRowsDto } from '../../../lib/api-types';

/** The previewed rows after a spreadsheet row number, 100 at a time. */
export async function getPreviewRows({ id, after }: { id: string; after: number }): Promise<PreviewRowsDto> {
  return apiGet<PreviewRowsDto>(`/api/admin/donor-imports/${id}/rows?after=${after}`);
}

/** "Show the next rows": a mutation, since each page is appended to what the screen already lists. */
export function useMorePreviewRows() {
  return useMutation({ mutationFn: getPreviewRows });
}
