import type { Request, Response } from 'express';

/**
 * A conditional GET's answer: sets the ETag and the Cache-Control, and is true when the request's If-None-Match
 * names that ETag (the browser holds this very answer): the handler then sends 304 with no body (the status is
 * set here).
 */
export function notModified(req: Request, res: Response, etag: string, cacheControl: string): boolean {
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', cacheControl);
  const sent = String(req.headers['if-none-match'] ?? '');
  if (sent.split(',').some((t) => t.trim() === etag)) {
    res.status(304);
    return true;
  }
  return false;
}
