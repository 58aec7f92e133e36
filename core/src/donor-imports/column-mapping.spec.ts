import { mappingProblems } from './column-mapping.js';

describe('mappingProblems', () => {
  const base = { giftDate: 2, amount: 3 };

  it('takes one full-name column, or first-name and last-name columns', () => {
    expect(mappingProblems({ ...base, name: 0 })).toEqual([]);
    expect(mappingProblems({ ...base, firstName: 0, lastName: 1 })).toEqual([]);
  });

  it('names each missing or conflicting field in its own words', () => {
    expect(mappingProblems({})).toEqual([
      {
        field: 'name',
        message: "Choose the column with the donor's full name, or the first-name and last-name columns",
      },
      { field: 'giftDate', message: 'Choose the column with the gift date' },
      { field: 'amount', message: 'Choose the column with the amount' },
    ]);
    expect(mappingProblems({ ...base, firstName: 0 })).toEqual([
      { field: 'lastName', message: 'Choose the last-name column too (or one full-name column instead)' },
    ]);
    expect(mappingProblems({ ...base, lastName: 1 })).toEqual([
      { field: 'firstName', message: 'Choose the first-name column too (or one full-name column instead)' },
    ]);
    expect(mappingProblems({ ...base, name: 0, lastName: 1 })).toEqual([
      {
        field: 'name',
        message: 'Choose either one full-name column or the first-name and last-name columns, not both',
      },
    ]);
  });

  it('refuses a column the file does not have', () => {
    expect(mappingProblems({ ...base, name: 0, note: 7 }, 4)).toEqual([
      { field: 'note', message: 'Note is mapped to column 8, but the file has 4 columns' },
    ]);
  });
});
