import { readFileSync } from 'node:fs';
import exifr from 'exifr';
import sharp from 'sharp';
import request from 'supertest';
import { registerPhotoUses, usesByIdColumn, usesInHtml } from '../../core/src/photos/photo-uses.js';
import { authed, createAdmin, signIn } from '../helpers/admin.js';
import { binaryBody, phoneJpeg, SCRIPTED_SVG, scriptedGif } from '../helpers/photos.js';
import { startStack, type Stack } from '../helpers/stack.js';

interface Photo {
  id: string;
  alt: string;
  caption: string;
  published: boolean;
  image: { src: string; width: number; height: number; sources: Array<{ type: string; srcset: string }> };
}

const urlsOf = (p: Photo) => p.image.sources.flatMap((s) => s.srcset.split(', ').map((part) => part.split(' ')[0]));

/**
 * The Photos API on real Postgres with real image files: what an upload keeps (pixels) and drops (every byte of
 * metadata), what is refused by content, what the public sees, and a photo that the site's content uses.
 */
describe('photos: upload, processing, /media, the Gallery, deletion', () => {
  let stack: Stack;
  let owner: string;
  const upload = (body: Buffer, type = 'image/jpeg') =>
    authed(stack, owner).post('/api/admin/website/photos').set('Content-Type', type).send(body);

  beforeAll(async () => {
    stack = await startStack({ emulator: false, workers: 0, env: { PHOTO_MAX_UPLOAD_MB: '1' } });
    owner = (await signIn(stack, await createAdmin(stack, { name: 'Olive Owner' }))).token;
  });
  afterAll(() => stack?.stop());

  it('strips EXIF and GPS from every file, turns the photo upright and makes each size in AVIF, WebP and JPEG', async () => {
    const original = await phoneJpeg({ width: 1200, height: 800 });
    expect((await exifr.parse(original, { gps: true })).latitude).toBeCloseTo(40.4462, 3);

    const res = await upload(original).expect(201);
    const photo = res.body as Photo;
    expect(photo).toMatchObject({ alt: '', published: false });
    // Orientation 6: stored 1200 x 800, upright 800 x 1200.
    expect([res.body.originalWidth, res.body.originalHeight]).toEqual([800, 1200]);
    expect(photo.image.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp', 'image/jpeg']);
    const urls = urlsOf(photo);
    // 800 wide: 480 only (960 and 1600 would be enlargements), in three formats.
    expect(urls).toHaveLength(3);
    for (const url of urls) expect(url).toMatch(/^\/media\/[0-9a-f]{16}-480\.(avif|webp|jpg)$/);

    for (const url of urls) {
      const file = await request(stack.apiUrl).get(url).buffer(true).parse(binaryBody).expect(200);
      const ext = url.split('.').pop()!;
      expect(file.headers['content-type']).toBe({ avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' }[ext]);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      const bytes = file.body as Buffer;
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height]).toEqual([480, 720]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(
        await exifr.parse(bytes, { gps: true, tiff: true, xmp: true, iptc: true }).catch(() => undefined),
      ).toBeFalsy();
      expect(bytes.includes(Buffer.from('TestPhone'))).toBe(false);
      expect(bytes.includes(Buffer.from('Jane Parent'))).toBe(false);
    }
  });

  it('reads a HEIC (HEVC, as iPhones write it) and makes each size in AVIF, WebP and JPEG, without its EXIF', async () => {
    const heic = readFileSync(new URL('../fixtures/photos/hevc-640x480.heic', import.meta.url));
    expect(heic.includes(Buffer.from('TestPhone'))).toBe(true);
    const res = await upload(heic, 'image/heic').expect(201);
    const photo = res.body as Photo;
    expect([res.body.originalWidth, res.body.originalHeight]).toEqual([640, 480]);
    expect(photo.image.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp', 'image/jpeg']);
    const urls = urlsOf(photo);
    expect(urls).toHaveLength(3);
    for (const url of urls) {
      const bytes = (await request(stack.apiUrl).get(url).buffer(true).parse(binaryBody).expect(200)).body as Buffer;
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        { avif: 'heif', webp: 'webp', jpg: 'jpeg' }[url.split('.').pop()!],
        480,
        360,
      ]);
      expect(meta.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from('TestPhone'))).toBe(false);
    }
    // Real pixels came through (the picture's colours, not a blank frame).
    const jpeg = (await request(stack.apiUrl).get(urls[2]).buffer(true).parse(binaryBody)).body as Buffer;
    const { channels } = await sharp(jpeg).stats();
    expect(Math.max(...channels.map((c) => c.stdev))).toBeGreaterThan(10);
    // The later cases count the library's photos: this one leaves it as it found it.
    await authed(stack, owner).delete(`/api/admin/website/photos/${photo.id}`).expect(204);
  });

  it('makes 480, 960 and 1600 wide of a large photo, and never enlarges', async () => {
    const big = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#228844' } })
      .jpeg()
      .toBuffer();
    const photo = (await upload(big).expect(201)).body as Photo;
    for (const s of photo.image.sources)
      expect(s.srcset).toMatch(/-480\.\w+ 480w, .*-960\.\w+ 960w, .*-1600\.\w+ 1600w$/);
    expect(photo.image).toMatchObject({ width: 960, height: 720 });
    expect(photo.image.src).toMatch(/-960\.jpg$/);
    await upload(big).expect(409, /already in the library/);
  });

  it('refuses by content, not by name: SVG with a script, a GIF with a script, text named .jpg, and too large', async () => {
    const svg = await upload(SCRIPTED_SVG, 'image/jpeg').expect(415);
    expect(svg.body.message).toMatch(/SVG drawing .*not a photo\. Upload a JPEG, PNG, WebP or HEIC/);
    expect((await upload(await scriptedGif(), 'image/png').expect(415)).body.message).toMatch(/GIF/);
    expect((await upload(Buffer.from('hello, I am a text file'), 'image/jpeg').expect(415)).body.message).toMatch(
      /a text file, not a photo/,
    );
    // A JSON body is read by the API's JSON parser first: answered, not left waiting for a file.
    await authed(stack, owner)
      .post('/api/admin/website/photos')
      .send({ file: 'x' })
      .expect(415, /photo file itself/);
    const tooBig = Buffer.concat([await phoneJpeg({ colour: '#010203' }), Buffer.alloc(1024 * 1024)]);
    expect((await upload(tooBig).expect(413)).body.message).toMatch(/larger than 1 MB/);
    expect((await authed(stack, owner).get('/api/admin/website/photos').expect(200)).body).toHaveLength(2);
  });

  it('publishes only with alt text, keeps HTML in alt as text, and shows published photos in order', async () => {
    const [a, b] = (await authed(stack, owner).get('/api/admin/website/photos').expect(200)).body as Photo[];
    const refused = await authed(stack, owner)
      .patch(`/api/admin/website/photos/${a.id}`)
      .send({ published: true })
      .expect(400);
    expect(refused.body.message).toMatch(/Add alt text before publishing/);
    await authed(stack, owner)
      .patch(`/api/admin/website/photos/${a.id}`)
      .send({ published: true, alt: '   ' })
      .expect(400);

    expect((await request(stack.apiUrl).get('/api/site/gallery').expect(200)).body).toEqual({
      photos: [],
      builtIn: true,
    });
    const xss = '<img src=x onerror="alert(1)"> A child <b>paints</b>';
    const published = await authed(stack, owner)
      .patch(`/api/admin/website/photos/${a.id}`)
      .send({ published: true, alt: xss, caption: '<script>alert(2)</script>Art class' })
      .expect(200);
    expect(published.body).toMatchObject({ alt: xss, published: true });
    await authed(stack, owner)
      .patch(`/api/admin/website/photos/${b.id}`)
      .send({ alt: 'Green field', published: true })
      .expect(200);
    await authed(stack, owner)
      .put('/api/admin/website/photos/order')
      .send({ ids: [b.id, a.id] })
      .expect(200);
    await authed(stack, owner)
      .put('/api/admin/website/photos/order')
      .send({ ids: [b.id] })
      .expect(409);

    const gallery = await request(stack.apiUrl).get('/api/site/gallery').expect(200);
    expect(gallery.headers['cache-control']).toBe('public, no-cache');
    expect(gallery.body.builtIn).toBe(false);
    expect(gallery.body.photos.map((p: Photo) => p.alt)).toEqual(['Green field', xss]);
    expect(gallery.body.photos[1].caption).toBe('<script>alert(2)</script>Art class');
    await request(stack.apiUrl).get('/api/site/gallery').set('If-None-Match', gallery.headers.etag).expect(304);

    // Unpublished again: gone from the Gallery at once, and the Gallery stays the school's own.
    await authed(stack, owner).patch(`/api/admin/website/photos/${b.id}`).send({ published: false }).expect(200);
    const after = await request(stack.apiUrl).get('/api/site/gallery').expect(200);
    expect(after.body.photos.map((p: Photo) => p.id)).toEqual([a.id]);
    const audit = await stack.db.pool.query(`SELECT action FROM audit_log WHERE action LIKE 'photo.%' ORDER BY id`);
    expect(audit.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['photo.uploaded', 'photo.published', 'photo.reordered', 'photo.unpublished']),
    );
  });

  it('refuses to delete a photo the site uses, saying where (by id column and by /media/ address in HTML)', async () => {
    await stack.db.pool.query(`CREATE TABLE test_posts (slug text, title text, photo_id uuid, body text)`);
    registerPhotoUses(
      usesByIdColumn({ table: 'test_posts', idColumn: 'photo_id', titleColumn: 'title', kind: 'News post' }),
    );
    registerPhotoUses(
      usesInHtml({
        table: 'test_posts',
        htmlColumn: 'body',
        titleColumn: 'title',
        kind: 'Page',
        keyColumn: 'slug',
        editPath: (slug) => `/admin/website/pages/${slug}`,
      }),
    );
    const [a, b] = (await authed(stack, owner).get('/api/admin/website/photos').expect(200)).body as Photo[];
    const img = urlsOf(b).find((u) => u.endsWith('.webp'))!;
    await stack.db.pool.query(
      `INSERT INTO test_posts VALUES ('picnic', 'Spring picnic', $1, '<p>Hi</p>'), ('about', 'About us', NULL, $2)`,
      [a.id, `<p><img src="${img}" alt="x"></p>`],
    );
    const usesA = await authed(stack, owner).get(`/api/admin/website/photos/${a.id}/uses`).expect(200);
    expect(usesA.body).toEqual([{ kind: 'News post', title: 'Spring picnic' }]);
    const refused = await authed(stack, owner).delete(`/api/admin/website/photos/${b.id}`).expect(409);
    expect(refused.body.message).toBe(
      'This photo is used on Page "About us". Remove it from there first, then delete it.',
    );
    expect((await authed(stack, owner).get(`/api/admin/website/photos/${b.id}/uses`).expect(200)).body).toEqual([
      { kind: 'Page', title: 'About us', editPath: '/admin/website/pages/about' },
    ]);

    await stack.db.pool.query(`UPDATE test_posts SET body = '<p>No photo</p>' WHERE slug = 'about'`);
    await authed(stack, owner).delete(`/api/admin/website/photos/${b.id}`).expect(204);
    await request(stack.apiUrl).get(img).expect(404);
    await authed(stack, owner).delete(`/api/admin/website/photos/${b.id}`).expect(404);
  });

  it('lets website editors in, and no bookkeeper near the photos', async () => {
    const editor = (await signIn(stack, await createAdmin(stack, { role: 'editor' }))).token;
    expect((await authed(stack, editor).get('/api/admin/website/photos').expect(200)).body.length).toBeGreaterThan(0);
    const books = (await signIn(stack, await createAdmin(stack, { role: 'bookkeeper' }))).token;
    await authed(stack, books).get('/api/admin/website/photos').expect(403);
    await authed(stack, books)
      .post('/api/admin/website/photos')
      .send(await phoneJpeg({ colour: '#123456' }))
      .expect(403);
    await request(stack.apiUrl).get('/api/admin/website/photos').expect(401);
    await request(stack.apiUrl).get('/media/0123456789abcdef-480.jpg').expect(404);
    await request(stack.apiUrl).get('/media/..%2Fetc%2Fpasswd').expect(404);
  });
});
