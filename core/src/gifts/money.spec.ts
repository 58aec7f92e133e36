import { centsToDollars, DOLLARS_REFUSED, formatCents, formatUsd, parseDollars } from './money.js';

describe('parseDollars: the one grammar of dollars as typed', () => {
  it.each([
    ['19.99', 1999],
    ['1250.50', 125050],
    ['1250.5', 125050],
    ['50', 5000],
    ['0.01', 1],
    ['0', 0],
    ['0.00', 0],
    ['007', 700],
    ['$25', 2500],
    ['$1,250.50', 125050],
    ['1,250', 125000],
    ['999,999,999.99', 99_999_999_999],
    ['999999999.99', 99_999_999_999],
    [' 100 ', 10000],
    ['\t$40.25\n', 4025],
    // Where multiplying a float goes wrong (1.15 * 100 = 114.99999999999999): read as text, nothing is off by a cent.
    ['1.15', 115],
    ['4.35', 435],
    ['1.13', 113],
    ['8.67', 867],
  ])('%j -> %d cents', (text, cents) => {
    expect(parseDollars(text)).toBe(cents);
  });

  it('reads a JSON number as its decimal text', () => {
    expect(parseDollars(42)).toBe(4200);
    expect(parseDollars(12.5)).toBe(1250);
    expect(parseDollars(0.1 + 0.2)).toBeNull();
    expect(parseDollars(1e21)).toBeNull();
    expect(parseDollars(-5)).toBeNull();
  });

  it.each([
    '',
    ' ',
    '.',
    '40.',
    '.5',
    '1.005',
    '1.234',
    '1e3',
    '1E3',
    '-5',
    '+5',
    '0x10',
    'NaN',
    'Infinity',
    '1.2.3',
    '$',
    '$-1',
    '$ 5',
    '5$',
    '1,2,3',
    '1,25',
    '12,50.00',
    '1,2345',
    ',125',
    '125,',
    '1,,250',
    '1 250',
    '1000,000',
    '1,000000',
    '1234567890',
    '1,234,567,890',
    'abc',
    '25 dollars',
  ])('refuses %j', (text) => {
    expect(parseDollars(text)).toBeNull();
  });

  it.each([null, undefined, {}, [], ['25'], true, NaN, Infinity])('refuses %j, which is not text', (value) => {
    expect(parseDollars(value)).toBeNull();
  });

  it('says one thing about what it refuses (SPEC section 5)', () => {
    expect(DOLLARS_REFUSED).toBe('Enter a valid amount (e.g., 25.00 or 1,250.00)');
  });
});

describe('the formats, each with its own name', () => {
  it('centsToDollars is a number for JSON, formatCents the plain text of a CSV cell or input, formatUsd what people read', () => {
    expect(centsToDollars(1999)).toBe(19.99);
    expect(formatCents(125000)).toBe('1250.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(-1999)).toBe('-19.99');
    expect(formatUsd(123456789)).toBe('$1,234,567.89');
    expect(formatUsd(-5)).toBe('-$0.05');
    expect(formatUsd(0)).toBe('$0.00');
  });

  it('reads back what it writes: formatCents and formatUsd are both in the grammar', () => {
    for (const cents of [1, 99, 100, 12345, 100_000_00, 99_999_999_999]) {
      expect(parseDollars(formatCents(cents))).toBe(cents);
      expect(parseDollars(formatUsd(cents))).toBe(cents);
    }
  });
});
