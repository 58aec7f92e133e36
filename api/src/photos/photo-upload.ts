import type { Request } from 'express';
import { tooLarge } from '../../../core/src/photos/photo-type.js';

/**
 * The request body (the file itself, any Content-Type: the kind is read from the bytes) up to maxBytes. A larger
 * one is refused by its Content-Length before a byte is read, or once its bytes pass the limit (the rest is read
 * and dropped, so the browser gets the answer rather than a reset connection).
 */
export function readUpload(req: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    req.resume();
    return Promise.reject(tooLarge(maxBytes));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let seen = 0;
    req.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen <= maxBytes) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.on('end', () => (seen > maxBytes ? reject(tooLarge(maxBytes)) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}
