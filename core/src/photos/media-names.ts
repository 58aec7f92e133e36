/**
 * The addresses of photo files: `/media/<hash of the file's bytes>-<width>.<ext>`. Shared by the API (which serves
 * them), the sanitiser's check of an <img src> and the search for where a photo is used.
 */
export const MEDIA_PREFIX = '/media/';

export const MEDIA_FORMATS = {
  avif: { ext: 'avif', contentType: 'image/avif' },
  webp: { ext: 'webp', contentType: 'image/webp' },
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
} as const;
export type MediaFormat = keyof typeof MEDIA_FORMATS;

/** A file name as stored and served: 16 hex digits, the width, the extension. */
export const MEDIA_NAME = /^[0-9a-f]{16}-[1-9][0-9]{0,4}\.(avif|webp|jpg)$/;

export function mediaName(hash: string, width: number, format: MediaFormat): string {
  return `${hash.slice(0, 16)}-${width}.${MEDIA_FORMATS[format].ext}`;
}

export function mediaUrl(name: string): string {
  return MEDIA_PREFIX + name;
}

/** True for one of our own photo addresses (relative, as the editor inserts them). */
export function isMediaUrl(url: string): boolean {
  return url.startsWith(MEDIA_PREFIX) && MEDIA_NAME.test(url.slice(MEDIA_PREFIX.length));
}
