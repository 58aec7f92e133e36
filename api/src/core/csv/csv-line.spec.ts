import { parseString } from 'fast-csv';
import { csvHeader, csvRecord } from './csv-line.js';

function parse(text: string): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    parseString(text).on('data', (r: string[]) => rows.push(r)).on('error', reject).on('end', () => resolve(rows));
  });
}

describe('csvRecord', () => {
  it('quotes only what needs it', () => {
    expect(csvRecord(['a', 'b c', ''])).toBe('a,b c,\r\n');
    expect(csvRecord(['say "hi"', 'x,y', 'two\nlines', "'=1"])).toBe('"say ""hi""","x,y","two\nlines",\'=1\r\n');
  });

  it('round-trips through fast-csv parse', async () => {
    const rows = [['Date', 'Donor Name'], ['2025-01-01', 'O\'Brien, "Pat"'], ['2025-01-02', 'line\r\nbreak'], ['', ' spaced ']];
    expect(await parse(rows.map(csvRecord).join(''))).toEqual(rows);
  });

  it('starts the header with a BOM', () => {
    expect(csvHeader(['A', 'B'])).toBe('\uFEFFA,B\r\n');
  });
});
