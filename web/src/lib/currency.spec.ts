import { formatDollars } from './currency';

describe('formatDollars: the dollars the API sends as numbers', () => {
  it.each([
    [1234.5, '$1,234.50'],
    [0, '$0.00'],
    [19.99, '$19.99'],
    [1_000_000, '$1,000,000.00'],
    [-5, '-$5.00'],
    [0.005, '$0.01'],
    // A chart hands over a one-element array; the API may send numeric text.
    [[12], '$12.00'],
    ['12.5', '$12.50'],
  ])('%j is %s', (value, text) => {
    expect(formatDollars(value)).toBe(text);
  });

  it.each([null, undefined, '', ' ', 'abc', '$12', NaN, Infinity, [1, 2], [], {}])('shows %j as $0.00', (value) => {
    expect(formatDollars(value)).toBe('$0.00');
  });
});
