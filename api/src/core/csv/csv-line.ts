import { neutraliseCsvRow } from './csv-cell.js';

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One RFC 4180 record (CRLF-terminated) from already neutralised cells: a cell holding a quote, comma or line
 * break is quoted, its quotes doubled. Exports build a whole batch of records into one string and write it once:
 * per-row stream writes (fast-csv's formatter) cost ~3 µs a row plus garbage, the larger part of a 100k-row export.
 */
export function csvRecord(cells: readonly string[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i];
    if (i > 0) line += ',';
    line += NEEDS_QUOTES.test(c) ? `"${c.replace(/"/g, '""')}"` : c;
  }
  return `${line}\r\n`;
}

/** The header record, with the UTF-8 byte order mark Excel needs to read accented names correctly. */
export function csvHeader(headers: readonly string[]): string {
  return `\uFEFF${csvRecord(neutraliseCsvRow(headers))}`;
}
