import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { GalleryDto } from '../../../lib/api-types';
import { queryKeys } from '../../../lib/query-keys';

export const getGallery = () => apiGet<GalleryDto>('/api/site/gallery');

export const galleryQuery = () => queryOptions({ queryKey: queryKeys.gallery, queryFn: getGallery });

export const useGallery = () => useQuery(galleryQuery());
