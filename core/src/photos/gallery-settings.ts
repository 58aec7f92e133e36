import { defineSetting } from '../settings/settings.repository.js';

/**
 * False on a fresh install: the Gallery shows the twelve photos that come with the site (web/src/content). Set
 * for good when the staff publish their first photo, so the Gallery is theirs from then on, even emptied.
 */
export const GALLERY_OWN_PHOTOS = defineSetting(
  'site.gallery_own_photos',
  false,
  (v: unknown): v is boolean => typeof v === 'boolean',
);
