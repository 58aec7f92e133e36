import type { Request, Response } from 'express';
import { SITE_CACHE_CONTROL, siteEtag } from '../../../core/src/site/site-version.js';

/**
 * The caching answer of every public read under /api/site: the ETag of the site's content version
 * (core/src/site/site-version.ts) and "check each time". True when the browser already holds this version: the
 * handler then answers 304 with no body (`res.status(304)` is set here).
 */
export function siteNotModified(req: Request, res: Response, what: string, version: number): boolean {
  const etag = siteEtag(what, version);
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', SITE_CACHE_CONTROL);
  const sent = String(req.headers['if-none-match'] ?? '');
  if (sent.split(',').some((t) => t.trim() === etag)) {
    res.status(304);
    return true;
  }
  return false;
}
