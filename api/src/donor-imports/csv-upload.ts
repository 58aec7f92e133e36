import { Transform, type Readable } from 'node:stream';
import { parse } from 'csv-parse';

/** The largest file an upload may be (about 150,000 rows of a usual donor spreadsheet). */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** Rows staged per INSERT while the file streams in. */
export const STAGE_BATCH = 1000;

export class NotCsvError extends Error {}

/** What a binary file's first bytes say it is, so the refusal can name it. */
function binaryKind(head: Buffer): string | null {
  if (head.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004') return 'an Excel workbook or another zip file';
  if (head.subarray(0, 4).toString('latin1') === '%PDF') return 'a PDF';
  if (head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) return 'an old Excel (.xls) workbook';
  if (head.includes(0)) return 'a binary file';
  return null;
}

/** Counts bytes (refusing more than the limit) and refuses a binary file by its first chunk. */
function guard(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (seen === 0) {
        const kind = binaryKind(chunk.subarray(0, 512));
        if (kind) return done(new NotCsvError(`This file is not a CSV: it looks like ${kind}. Save it as "CSV UTF-8 (comma delimited)" and upload that.`));
      }
      seen += chunk.length;
      if (seen > maxBytes) return done(new NotCsvError(`The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB. Split it into smaller CSV files.`));
      done(null, chunk);
    },
  });
}

/**
 * Streams a CSV: the header row, then the data rows in batches of STAGE_BATCH handed to `stage` one at a time
 * (the parser waits while a batch is written), so memory holds one batch, never the file. Row numbers are the
 * spreadsheet's: the header is row 1. Throws NotCsvError with a sentence the admin can act on.
 */
export async function streamCsv(
  body: Readable,
  stage: (rows: { rowNumber: number; cells: string[] }[]) => Promise<void>,
  maxBytes = MAX_UPLOAD_BYTES,
): Promise<{ headers: string[]; rowCount: number }> {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, max_record_size: 64 * 1024 });
  const limited = guard(maxBytes);
  body.on('error', (e) => limited.destroy(e));
  limited.on('error', (e) => parser.destroy(e));
  body.pipe(limited).pipe(parser);
  let headers: string[] | null = null;
  let rowNumber = 1;
  let batch: { rowNumber: number; cells: string[] }[] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!headers) {
        headers = record;
        continue;
      }
      rowNumber += 1;
      batch.push({ rowNumber, cells: record });
      if (batch.length >= STAGE_BATCH) {
        await stage(batch);
        batch = [];
      }
    }
  } catch (err) {
    if (err instanceof NotCsvError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code.startsWith('CSV_')) throw new NotCsvError(`This file could not be read as a CSV: ${(err as Error).message}`);
    throw err;
  }
  if (batch.length) await stage(batch);
  if (!headers || headers.length < 2) throw new NotCsvError('This file is not a CSV with a header row: the first line should name the columns, separated by commas.');
  if (rowNumber === 1) throw new NotCsvError('This CSV has a header row but no rows of gifts.');
  return { headers, rowCount: rowNumber - 1 };
}
