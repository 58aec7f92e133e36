import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';
import type { UploadedImportDto } from '../../../lib/api-types';

/** The file itself is the body (streamed by the browser), sent as text/csv whatever the browser calls it. */
export async function uploadDonorCsv(file: File): Promise<UploadedImportDto> {
  return apiUpload<UploadedImportDto>(
    `/api/admin/donor-imports?fileName=${encodeURIComponent(file.name)}`,
    file,
    'text/csv',
  );
}

export function useUploadDonorCsv() {
  return useMutation({ mutationFn: uploadDonorCsv });
}
