/**
 * Which CSV column holds which field of a donor import, and the rule of a usable mapping: a gift date, an amount,
 * and the donor's name from one full-name column or from first-name and last-name columns. One home for the
 * mapping screen (its own messages before sending) and the API (which refuses a bad mapping with the same words).
 */
export const IMPORT_FIELDS = [
  'name',
  'firstName',
  'lastName',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zip',
  'giftDate',
  'amount',
  'type',
  'note',
  'fund',
  'appeal',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** Field -> index (0-based) of the CSV column it reads; a field not in the file is absent. */
export type ColumnMapping = Partial<Record<ImportField, number>>;

/** How the mapping screen names each field, in its order. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: 'Full name',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  phone: 'Phone',
  address: 'Street address',
  city: 'City',
  state: 'State',
  zip: 'ZIP',
  giftDate: 'Gift date',
  amount: 'Amount',
  type: 'Type',
  note: 'Note',
  fund: 'Fund',
  appeal: 'Appeal',
};

export interface MappingProblem {
  field: ImportField;
  message: string;
}

const has = (m: ColumnMapping, f: ImportField) => m[f] !== undefined && m[f] !== null;

/** Every problem of a mapping, in the screen's field order; empty when the preview can run. */
export function mappingProblems(mapping: ColumnMapping, columnCount?: number): MappingProblem[] {
  const problems: MappingProblem[] = [];
  const split = has(mapping, 'firstName') || has(mapping, 'lastName');
  if (has(mapping, 'name') && split) {
    problems.push({
      field: 'name',
      message: 'Choose either one full-name column or the first-name and last-name columns, not both',
    });
  } else if (!has(mapping, 'name') && !split) {
    problems.push({
      field: 'name',
      message: "Choose the column with the donor's full name, or the first-name and last-name columns",
    });
  } else if (split && !has(mapping, 'firstName')) {
    problems.push({
      field: 'firstName',
      message: 'Choose the first-name column too (or one full-name column instead)',
    });
  } else if (split && !has(mapping, 'lastName')) {
    problems.push({ field: 'lastName', message: 'Choose the last-name column too (or one full-name column instead)' });
  }
  if (!has(mapping, 'giftDate')) problems.push({ field: 'giftDate', message: 'Choose the column with the gift date' });
  if (!has(mapping, 'amount')) problems.push({ field: 'amount', message: 'Choose the column with the amount' });
  if (columnCount !== undefined) {
    for (const f of IMPORT_FIELDS) {
      const i = mapping[f];
      if (i !== undefined && i !== null && i >= columnCount) {
        problems.push({
          field: f,
          message: `${IMPORT_FIELD_LABELS[f]} is mapped to column ${i + 1}, but the file has ${columnCount} columns`,
        });
      }
    }
  }
  return problems;
}
