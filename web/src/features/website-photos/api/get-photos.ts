import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { AdminPhotoDto } from '../../../lib/api-types';
import { queryKeys } from '../../../lib/query-keys';

export const getPhotos = () => apiGet<AdminPhotoDto[]>('/api/admin/website/photos');

export const photosQuery = () => queryOptions({ queryKey: queryKeys.photos, queryFn: getPhotos });

export const usePhotos = () => useQuery(photosQuery());
