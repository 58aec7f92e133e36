import { fileTypeFromBuffer } from 'file-type';
import { DomainError } from '../http/errors.js';

/** The kinds of file accepted as a photo: what phones and cameras make. */
export type PhotoKind = 'jpeg' | 'png' | 'webp' | 'heic';

const ACCEPTED: Record<string, PhotoKind> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heic',
  'image/heic-sequence': 'heic',
  'image/heif-sequence': 'heic',
};

export const ACCEPTED_PHOTO_TYPES = 'JPEG, PNG, WebP or HEIC (iPhone) photo';

/** A photo refused before or while it is read: 415 for a wrong kind, 413 for too large, 400 for a broken file. */
export class PhotoRefusal extends DomainError {}

export function tooLarge(maxBytes: number): PhotoRefusal {
  return new PhotoRefusal(
    413,
    `This file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, the largest photo accepted. ` +
      'Send a smaller copy (most phones can share a photo at "Large" or "Medium" size).',
  );
}

/** Names a file that is not one of ours by what its bytes are, never by its name. */
function notAPhoto(what: string): PhotoRefusal {
  return new PhotoRefusal(415, `This file is ${what}, not a photo. Upload a ${ACCEPTED_PHOTO_TYPES}.`);
}

function textKind(head: Buffer): string | null {
  const text = head.toString('utf8').trimStart().toLowerCase();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?<svg[\s>]/.test(text) || text.includes('<svg'))
    return 'an SVG drawing (SVG files can carry scripts, so they are not accepted)';
  if (text.startsWith('<!doctype html') || text.startsWith('<html')) return 'a web page (HTML)';
  if (!head.includes(0)) return 'a text file';
  return null;
}

/**
 * What kind of photo a file is, read from its bytes (file-type's signatures), whatever its name or the type the
 * browser claimed: an SVG, a GIF (which can carry anything after its image), a web page or text renamed .jpg is
 * refused with a sentence saying what it is.
 */
export async function detectPhotoKind(bytes: Buffer): Promise<PhotoKind> {
  if (bytes.length === 0) throw new PhotoRefusal(400, 'This file is empty. Choose the photo again.');
  const type = await fileTypeFromBuffer(bytes);
  if (type && ACCEPTED[type.mime]) return ACCEPTED[type.mime];
  const text = textKind(bytes.subarray(0, 4096));
  if (text && (!type || /xml|html|svg/.test(type.mime))) return Promise.reject(notAPhoto(text));
  if (type?.mime === 'image/gif') return Promise.reject(notAPhoto('a GIF animation'));
  if (type?.mime === 'image/avif') return Promise.reject(notAPhoto('an AVIF image, which is not accepted yet'));
  if (type) return Promise.reject(notAPhoto(`a ${type.ext.toUpperCase()} file (${type.mime})`));
  return Promise.reject(notAPhoto(text ?? 'of a kind we cannot read'));
}
