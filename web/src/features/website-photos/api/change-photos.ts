import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend, apiUpload } from '../../../lib/api-client';
import type { AdminPhotoDto, PhotoOrderDto, PhotoUseDto, UpdatePhotoDto } from '../../../lib/api-types';
import { queryKeys } from '../../../lib/query-keys';

const BASE = '/api/admin/website/photos';

/** The file itself is the body; the server reads its kind from its bytes, so the browser's guess is only a hint. */
export const uploadPhoto = (file: File) =>
  apiUpload<AdminPhotoDto>(BASE, file, file.type || 'application/octet-stream');

export const updatePhoto = ({ id, ...change }: UpdatePhotoDto & { id: string }) =>
  apiSend<AdminPhotoDto, UpdatePhotoDto>('PATCH', `${BASE}/${id}`, change);

export const reorderPhotos = (ids: string[]) =>
  apiSend<AdminPhotoDto[], PhotoOrderDto>('PUT', `${BASE}/order`, { ids });

export const deletePhoto = (id: string) => apiSend<void>('DELETE', `${BASE}/${id}`);

export const getPhotoUses = (id: string) => apiGet<PhotoUseDto[]>(`${BASE}/${id}/uses`);

/** Every change to the photos can change the Gallery too. */
function usePhotoMutation<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.photos });
      await queryClient.invalidateQueries({ queryKey: queryKeys.gallery });
    },
  });
}

export const useUploadPhoto = () => usePhotoMutation(uploadPhoto);
export const useUpdatePhoto = () => usePhotoMutation(updatePhoto);
export const useReorderPhotos = () => usePhotoMutation(reorderPhotos);
export const useDeletePhoto = () => usePhotoMutation(deletePhoto);
