import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ColumnMappingDto, ImportPreviewDto } from '../../../lib/api-types';

/** The dry run: changes nothing, says what the import would do and which rows are wrong. */
export async function previewDonorImport({ id, mapping }: { id: string; mapping: ColumnMappingDto }): Promise<ImportPreviewDto> {
  return (await (await apiRequest('POST', `/api/admin/donor-imports/${id}/preview`, { mapping })).json()) as ImportPreviewDto;
}

export function usePreviewDonorImport() {
  return useMutation({ mutationFn: previewDonorImport });
}
