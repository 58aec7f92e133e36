import { MEDIA_FORMATS, mediaUrl } from '../../../core/src/photos/media-names.js';
import type { AdminPhotoDto, GalleryPhotoDto, PhotoImageDto } from './photos.dto.js';
import type { PhotoRow } from './photos.repository.js';

const ORDER = ['avif', 'webp', 'jpeg'] as const;

/** A photo's files as <picture> sources (AVIF, WebP, JPEG), the JPEG of the middle width as the fallback. */
export function photoImage(row: PhotoRow): PhotoImageDto {
  const files = row.files ?? [];
  const jpegs = files.filter((f) => f.format === 'jpeg');
  const fallback = jpegs[Math.min(1, jpegs.length - 1)] ?? files[0];
  return {
    src: fallback ? mediaUrl(fallback.name) : '',
    width: fallback?.width ?? row.width,
    height: fallback?.height ?? row.height,
    sources: ORDER.filter((format) => files.some((f) => f.format === format)).map((format) => ({
      type: MEDIA_FORMATS[format].contentType,
      srcset: files
        .filter((f) => f.format === format)
        .map((f) => `${mediaUrl(f.name)} ${f.width}w`)
        .join(', '),
    })),
  };
}

export function galleryPhoto(row: PhotoRow): GalleryPhotoDto {
  return { id: row.id, alt: row.alt, caption: row.caption, image: photoImage(row) };
}

export function adminPhoto(row: PhotoRow): AdminPhotoDto {
  return {
    ...galleryPhoto(row),
    published: row.published_at !== null,
    position: row.position,
    uploadedAt: new Date(row.created_at).toISOString(),
    uploadedBy: row.uploaded_by,
    originalWidth: row.width,
    originalHeight: row.height,
  };
}
