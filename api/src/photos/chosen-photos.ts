import type { Queryable } from '../../../core/src/db/queryable.js';
import { badRequest } from '../../../core/src/http/errors.js';
import { photoImage } from './photo-images.js';
import type { ShownPhotoDto } from './photos.dto.js';
import type { PhotosRepository } from './photos.repository.js';

/**
 * A photo chosen by its id for some content (a news post's photo, an appeal's cover): it must be one of the
 * library's, with alt text (null or left out: no photo). `use` ends the refusal's sentence: "before using it <use>".
 */
export async function checkChosenPhoto(
  photos: PhotosRepository,
  db: Queryable,
  photoId: string | null | undefined,
  use: string,
): Promise<void> {
  if (!photoId) return;
  const photo = await photos.find(db, photoId);
  if (!photo) throw badRequest('That photo is no longer in the library: choose another');
  if (!photo.alt)
    throw badRequest(
      `That photo has no alt text yet: give it one (one sentence saying what it shows) before using it ${use}`,
    );
}

/**
 * The chosen photos of these ids as visitors see them (alt text and sizes), by id. A photo without alt text (taken
 * away after it was chosen) is not shown, so no visitor gets an image without words for it.
 */
export async function shownPhotos(
  photos: PhotosRepository,
  db: Queryable,
  ids: Array<string | null>,
): Promise<Map<string, ShownPhotoDto>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const found = await photos.findWithAlt(db, wanted);
  return new Map(found.map((p) => [p.id, { alt: p.alt, image: photoImage(p) }]));
}
