import { neutraliseCsvCell, neutraliseCsvRow } from './csv-cell.js';

describe('neutraliseCsvCell', () => {
  it.each(['=SUM(A1:A2)', '+1234', '-2+3', '-1e3', '-1.2.3', '@cmd', '\tx', '\rx', '=HYPERLINK("http://x")'])(
    'prefixes %j with an apostrophe',
    (cell) => {
      expect(neutraliseCsvCell(cell)).toBe(`'${cell}`);
    },
  );

  it.each(['Jane Doe', '123 Main St', 'a=b', ' =x', '', "O'Brien", '25.00', '-1.22', '-0.52'])(
    'leaves %j alone',
    (cell) => {
      expect(neutraliseCsvCell(cell)).toBe(cell);
    },
  );

  it('turns null and undefined into empty cells and numbers into text', () => {
    expect(neutraliseCsvRow([null, undefined, 12.5, '-1', '-1-1'])).toEqual(['', '', '12.5', '-1', "'-1-1"]);
  });
});
