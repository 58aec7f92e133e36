/**
 * Spreadsheet formula injection (CSV injection): a cell that begins with =, +, -, @, tab or carriage return is
 * run as a formula by Excel, LibreOffice and Google Sheets. A donor can type such a name or address on the
 * public form, so every text cell of an export passes through here: a leading apostrophe makes the
 * spreadsheet show the text as text (OWASP's recommendation). A plain negative amount ("-1.22", as after-fees
 * figures can be) is a number, not a formula, and stays as it is.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEGATIVE_AMOUNT = /^-\d+(\.\d+)?$/;

export function neutraliseCsvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) && !NEGATIVE_AMOUNT.test(text) ? `'${text}` : text;
}

/** Neutralises every cell of a row. */
export function neutraliseCsvRow(row: ReadonlyArray<string | number | null | undefined>): string[] {
  return row.map(neutraliseCsvCell);
}
