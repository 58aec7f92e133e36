import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { ColumnMappingDto, ImportPreviewDto, PreviewBodyDto } from '../../../lib/api-types';

/** The dry run: changes nothing, says what the import would do and which rows are wrong. */
export async function previewDonorImport({
  id,
  mapping,
}: {
  id: string;
  mapping: ColumnMappingDto;
}): Promise<ImportPreviewDto> {
  return apiSend<ImportPreviewDto, PreviewBodyDto>('POST', `/api/admin/donor-imports/${id}/preview`, { mapping });
}

export function usePreviewDonorImport() {
  return useMutation({ mutationFn: previewDonorImport });
}
