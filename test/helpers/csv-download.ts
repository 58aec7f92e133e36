import { parseString } from 'fast-csv';
import type { authed } from './admin.js';

/** GETs a CSV download as an admin and parses it (header row as keys, the BOM dropped); expects a 200. */
export async function downloadCsv(api: ReturnType<typeof authed>, url: string) {
  const res = await api
    .get(url)
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  expect(res.status).toBe(200);
  const text = (res.body as Buffer).toString('utf8');
  const rows: Record<string, string>[] = await new Promise((resolve, reject) => {
    const out: Record<string, string>[] = [];
    parseString(text.replace(/^\uFEFF/, ''), { headers: true })
      .on('data', (r) => out.push(r))
      .on('error', reject)
      .on('end', () => resolve(out));
  });
  return { res, rows };
}
