import type { Response } from 'express';
import { format } from 'fast-csv';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { neutraliseCsvRow } from './csv-cell.js';

/** A CSV download: its file name, header row and rows in batches (cells already neutralised). */
export interface CsvExport {
  filename: string;
  headers: string[];
  /** Batches of rows (cells already neutralised), as they come from the database. */
  batches: AsyncIterable<string[][]>;
}

/** Socket writes of about this size: fast-csv pushes one small buffer per row. */
const WRITE_BYTES = 64 * 1024;

/** Joins small buffers into writes of about `size` bytes, so a 100k-row export is ~250 socket writes, not 100k. */
function coalesce(size: number): Transform {
  let held: Buffer[] = [];
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      held.push(chunk);
      bytes += chunk.length;
      if (bytes < size) return done();
      const out = Buffer.concat(held, bytes);
      held = [];
      bytes = 0;
      done(null, out);
    },
    flush(done) {
      done(null, bytes ? Buffer.concat(held, bytes) : undefined);
    },
  });
}

/**
 * Streams the export as the database cursor yields it: rows -> fast-csv (RFC 4180, CRLF, UTF-8 BOM for Excel)
 * -> ~64 KB writes -> the response. Backpressure from a slow client pauses the cursor, so memory holds about one
 * batch whatever the size of the year. If the client goes away, the pipeline ends the generator and the
 * cursor's transaction is rolled back and its connection returned.
 */
export async function sendCsv(res: Response, csv: CsvExport): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${csv.filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  async function* rows(): AsyncGenerator<readonly string[]> {
    for await (const batch of csv.batches) yield* batch;
  }
  const formatter = format<readonly string[], readonly string[]>({
    headers: neutraliseCsvRow(csv.headers),
    // A year without gifts is still a file with its header row. fast-csv leaves out the BOM when there are no
    // rows, so it is written here (Excel needs it to read accented names as UTF-8).
    alwaysWriteHeaders: true,
    writeBOM: false,
    rowDelimiter: '\r\n',
    includeEndRowDelimiter: true,
  });
  res.write('\uFEFF');
  await pipeline(Readable.from(rows()), formatter, coalesce(WRITE_BYTES), res);
}
