import { Transform, type Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';

/** The largest file an upload may be (about 150,000 rows of a usual donor spreadsheet). */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** Rows staged per INSERT while the file streams in. */
export const STAGE_BATCH = 1000;

export class NotCsvError extends Error {}

/** What a binary file's first bytes say it is, so the refusal can name it. */
function binaryKind(head: Buffer): string | null {
  if (head.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004') return 'an Excel workbook or another zip file';
  if (head.subarray(0, 4).toString('latin1') === '%PDF') return 'a PDF';
  if (head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])))
    return 'an old Excel (.xls) workbook';
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
        if (kind)
          return done(
            new NotCsvError(
              `This file is not a CSV: it looks like ${kind}. Save it as "CSV UTF-8 (comma delimited)" and upload that.`,
            ),
          );
      }
      seen += chunk.length;
      if (seen > maxBytes)
        return done(
          new NotCsvError(
            `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB. Split it into smaller CSV files.`,
          ),
        );
      done(null, chunk);
    },
  });
}

/** What the parser found wrong, as a sentence the admin can act on: where it is and how to fix it (no cell value). */
function unreadable(err: CsvError): string {
  const at = typeof err.lines === 'number' && err.lines > 0 ? ` at line ${err.lines}` : '';
  const why: Record<string, string> = {
    INVALID_OPENING_QUOTE: 'a value has a quote mark (") in it but does not start with one',
    CSV_INVALID_CLOSING_QUOTE: 'a quoted value goes on after its closing quote mark (")',
    CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a quoted value goes on after its closing quote mark (")',
    CSV_QUOTE_NOT_CLOSED: 'a quote mark (") is opened and never closed',
    CSV_MAX_RECORD_SIZE: 'a row is longer than 64 kB',
  };
  return (
    `This file could not be read as a CSV: ${why[err.code] ?? 'its rows are not well formed'}${at}. ` +
    'Open it in a spreadsheet program and save it again as "CSV UTF-8 (comma delimited)", which quotes such values for you.'
  );
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
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    max_record_size: 64 * 1024,
  });
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
    // Every csv-parse error (its codes do not all start with CSV_, e.g. INVALID_OPENING_QUOTE) refuses the file.
    if (err instanceof CsvError) throw new NotCsvError(unreadable(err));
    throw err;
  }
  if (batch.length) await stage(batch);
  if (!headers || headers.length < 2)
    throw new NotCsvError(
      'This file is not a CSV with a header row: the first line should name the columns, separated by commas.',
    );
  if (rowNumber === 1) throw new NotCsvError('This CSV has a header row but no rows of gifts.');
  return { headers, rowCount: rowNumber - 1 };
}
