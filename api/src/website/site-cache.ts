import type { Request, Response } from 'express';
import { SITE_CACHE_CONTROL, siteEtag } from '../../../core/src/site/site-version.js';
import { notModified } from '../http/not-modified.js';

/**
 * The caching answer of every public read under /api/site: the ETag of the site's content version
 * (core/src/site/site-version.ts) and "check each time". True when the browser already holds this version: the
 * handler then answers 304 with no body (`res.status(304)` is set here).
 */
export function siteNotModified(req: Request, res: Response, what: string, version: number): boolean {
  return notModified(req, res, siteEtag(what, version), SITE_CACHE_CONTROL);
}
