import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { mediaName, type MediaFormat } from './media-names.js';
import { detectPhotoKind, PhotoRefusal, tooLarge, type PhotoKind } from './photo-type.js';

/** The widths made of every photo (never wider than the photo itself): phone, tablet or half a desktop, full width. */
export const PHOTO_WIDTHS = [480, 960, 1600] as const;
/** Larger than any camera's photo (a 50 MP phone is 8160 x 6120): refuses decompression bombs before decoding. */
const MAX_INPUT_PIXELS = 100_000_000;

export interface PhotoFile {
  format: MediaFormat;
  width: number;
  height: number;
  /** `<hash of these bytes>-<width>.<ext>`: the file's address under /media/. */
  name: string;
  bytes: Buffer;
}

export interface ProcessedPhoto {
  /** SHA-256 of the uploaded file (16 hex digits): the same file uploaded twice is recognised by it. */
  contentHash: string;
  kind: PhotoKind;
  /** The photo's size once turned upright (EXIF orientation applied). */
  width: number;
  height: number;
  files: PhotoFile[];
}

const sha16 = (b: Buffer) => createHash('sha256').update(b).digest('hex').slice(0, 16);

/** The widths to make of a photo this wide: each of PHOTO_WIDTHS it reaches, or its own width when narrower. */
export function widthsFor(width: number): number[] {
  const fit = PHOTO_WIDTHS.filter((w) => w <= width);
  return fit.length ? [...fit] : [width];
}

type HeicDecode = (opts: { buffer: Uint8Array }) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>;

/**
 * HEIC (iPhones' default): sharp's prebuilt libvips reads HEIF only with AV1 inside (AVIF), not the HEVC that
 * iPhones write, so heic-decode (libheif compiled to WebAssembly) decodes it to pixels, already turned upright
 * (libheif applies the file's rotation), and sharp goes on from those pixels.
 */
async function heicPixels(bytes: Buffer): Promise<Sharp> {
  const decode = createRequire(import.meta.url)('heic-decode') as HeicDecode;
  let image: Awaited<ReturnType<HeicDecode>>;
  try {
    image = await decode({ buffer: bytes });
  } catch {
    throw new PhotoRefusal(400, 'This HEIC photo could not be read. Export it from the phone as JPEG and upload that.');
  }
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
    limitInputPixels: MAX_INPUT_PIXELS,
  });
}

function encode(image: Sharp, format: MediaFormat): Sharp {
  // Quality chosen for photos viewed on screens; AVIF's effort kept low so an upload of 9 files takes seconds.
  if (format === 'avif') return image.avif({ quality: 55, effort: 2 });
  if (format === 'webp') return image.webp({ quality: 78 });
  return image.jpeg({ quality: 80, mozjpeg: true });
}

/**
 * Reads an uploaded photo (kind by content, size limit), turns it upright by its EXIF orientation, and makes each
 * width in AVIF, WebP and JPEG. Nothing of the original's metadata survives: sharp writes no EXIF, XMP, IPTC or
 * ICC profile unless asked (colours are converted to sRGB first), so GPS positions, camera serials, names and
 * dates are gone from every file served.
 */
export async function processPhoto(bytes: Buffer, maxBytes: number): Promise<ProcessedPhoto> {
  if (bytes.length > maxBytes) throw tooLarge(maxBytes);
  const kind = await detectPhotoKind(bytes);
  const base =
    kind === 'heic'
      ? await heicPixels(bytes)
      : sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  let upright: { data: Buffer; info: OutputInfo };
  try {
    // One decode, upright and in sRGB, kept as raw pixels: the source of every size.
    upright = await base.toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  } catch (e) {
    const message = e instanceof Error ? e.message : '';
    if (/pixel limit/i.test(message))
      throw new PhotoRefusal(413, 'This photo has too many pixels to be read safely. Upload a smaller copy.');
    throw new PhotoRefusal(400, 'This photo could not be read: the file is damaged or incomplete. Try another copy.');
  }
  const { width, height } = upright.info;
  const files: PhotoFile[] = [];
  for (const w of widthsFor(width)) {
    const { channels } = upright.info;
    const resized = sharp(upright.data, { raw: { width, height, channels } }).resize({
      width: w,
      withoutEnlargement: true,
    });
    for (const format of ['avif', 'webp', 'jpeg'] as const) {
      const out = await encode(resized.clone(), format).toBuffer({ resolveWithObject: true });
      files.push({
        format,
        width: out.info.width,
        height: out.info.height,
        name: mediaName(sha16(out.data), out.info.width, format),
        bytes: out.data,
      });
    }
  }
  return { contentHash: sha16(bytes), kind, width, height, files };
}
