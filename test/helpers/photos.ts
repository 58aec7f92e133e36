import sharp from 'sharp';

/**
 * A phone-like JPEG: `width` x `height` as stored, EXIF orientation 6 (shown turned a quarter, so upright it is
 * `height` wide), a camera make and a GPS position in its EXIF. The colour makes each one a different file.
 */
export function phoneJpeg(opts: { width?: number; height?: number; colour?: string } = {}): Promise<Buffer> {
  return sharp({
    create: {
      width: opts.width ?? 1200,
      height: opts.height ?? 800,
      channels: 3,
      background: opts.colour ?? '#3366aa',
    },
  })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'TestPhone', Artist: 'Jane Parent' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 26/1 4632/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '79/1 58/1 3600/100',
      },
    })
    .toBuffer();
}

/** An SVG that runs a script when opened as a page. */
export const SCRIPTED_SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);

/** A GIF with markup after its image data (a "GIFAR"-style polyglot). */
export function scriptedGif(): Promise<Buffer> {
  return sharp({ create: { width: 4, height: 4, channels: 3, background: '#ff0000' } })
    .gif()
    .toBuffer()
    .then((gif) => Buffer.concat([gif, Buffer.from('<script>alert(1)</script>')]));
}

/** supertest's parser for a binary body: `.buffer(true).parse(binaryBody)` leaves a Buffer in `res.body`. */
export function binaryBody(response: unknown, done: (e: Error | null, b: Buffer) => void): void {
  // supertest types the response as its own Response; in Node it is the IncomingMessage stream.
  const res = response as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
