import type { NextFunction, Request, Response } from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { MEDIA_FORMATS, MEDIA_NAME } from '../../../core/src/photos/media-names.js';
import { PhotosService } from './photos.service.js';

/**
 * `GET /media/<hash>-<width>.<ext>`: a photo file from Postgres. Its name is the hash of its bytes, so it is
 * cached for a year and never revalidated; nosniff and the exact Content-Type keep a browser from reading it
 * as anything but an image. Mounted ahead of the web app, which would answer any other path with index.html.
 */
export function mountMedia(app: NestExpressApplication): void {
  const photos = app.get(PhotosService);
  app.use('/media', (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    const missing = () => {
      res.setHeader('Cache-Control', 'no-store');
      res.status(404).type('text/plain').send('No such photo');
    };
    if (!MEDIA_NAME.test(name)) return missing();
    photos.file(name).then((file) => {
      if (!file) return missing();
      if (req.get('if-none-match') === `"${name}"`) return void res.status(304).end();
      res.setHeader('Content-Type', MEDIA_FORMATS[file.format].contentType);
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('ETag', `"${name}"`);
      res.setHeader('Content-Length', String(file.bytes.length));
      res.end(req.method === 'HEAD' ? undefined : file.bytes);
    }, next);
  });
}
