import { dollarsToCents } from './money.js';

describe('dollarsToCents', () => {
  it.each([
    ['19.99', 1999], ['1250.50', 125050], ['50', 5000], ['40.', 4000], ['.5', 50], ['0.01', 1], ['0', 0],
    // Where multiplying a float goes wrong: 1.005 * 100 = 100.49999999999999, 1.115 * 100 = 111.49999999999999.
    ['1.005', 101], ['1.115', 112], ['8.675', 868],
    // Half up on the third decimal; digits after it cannot change the result.
    ['0.005', 1], ['0.004', 0], ['0.0049', 0], ['0.00500001', 1], ['0.995', 100], ['9.999999', 1000],
    ['9999999999999.99', 999_999_999_999_999],
  ])('%j -> %d cents', (text, cents) => {
    expect(dollarsToCents(text)).toBe(cents);
  });

  it('reads "1,250.50" once the caller has stripped its comma', () => {
    expect(dollarsToCents('1,250.50'.replace(/,/g, ''))).toBe(125050);
    expect(dollarsToCents('1,250.50')).toBeNull();
  });

  it.each(['1e3', '1E3', '-5', '+5', '', '.', ' 5', '5 ', '0x10', 'NaN', 'Infinity', '1.2.3', '$5', '10000000000000'])('refuses %j', (text) => {
    expect(dollarsToCents(text)).toBeNull();
  });
});
