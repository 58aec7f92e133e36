/**
 * Spreadsheet formula injection (CSV injection): a cell that begins with =, +, -, @, tab or carriage return is
 * run as a formula by Excel, LibreOffice and Google Sheets. A donor can type such a name or address on the
 * public form, so every text cell of an export passes through here: a leading apostrophe makes the
 * spreadsheet show the text as text (OWASP's recommendation). Numbers we format ourselves are never negative.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCsvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Neutralises every cell of a row. */
export function neutraliseCsvRow(row: ReadonlyArray<string | number | null | undefined>): string[] {
  return row.map(neutraliseCsvCell);
}
