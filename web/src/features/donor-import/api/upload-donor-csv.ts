import { useMutation } from '@tanstack/react-query';
import { getSessionToken, throwIfResNotOk } from '../../../lib/api-client';
import type { UploadedImportDto } from '../../../lib/api-types';

/** The file itself is the body (streamed by the browser), sent as text/csv whatever the browser calls it. */
export async function uploadDonorCsv(file: File): Promise<UploadedImportDto> {
  const token = getSessionToken();
  const res = await fetch(`/api/admin/donor-imports?fileName=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: file,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return (await res.json()) as UploadedImportDto;
}

export function useUploadDonorCsv() {
  return useMutation({ mutationFn: uploadDonorCsv });
}
