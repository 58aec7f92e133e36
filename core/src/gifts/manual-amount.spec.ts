import { MANUAL_AMOUNT_MESSAGE, manualAmountCents } from './manual-amount.js';

describe('manualAmountCents: more than $0 and less than $10,000,000', () => {
  it.each([
    ['25', 2500],
    ['25.00', 2500],
    ['25.5', 2550],
    ['1,250.00', 125000],
    ['1250.99', 125099],
    ['0.01', 1],
    ['$25', 2500],
    ['9,999,999.99', 999999999],
    ['9999999.99', 999999999],
    [' 100 ', 10000],
    [42, 4200],
  ])('%j -> %d cents', (input, cents) => {
    expect(manualAmountCents(input)).toBe(cents);
  });

  it.each([
    '',
    '0',
    '0.00',
    '-5',
    '1,25',
    '12,50.00',
    '1,2,3',
    '1.234',
    '10,000,000',
    '10000000.00',
    'abc',
    '1e3',
    '.5',
    '25.',
    null,
    undefined,
    {},
  ])('refuses %j', (input) => {
    expect(manualAmountCents(input)).toBeNull();
  });

  it('keeps the SPEC words', () => {
    expect(MANUAL_AMOUNT_MESSAGE).toBe('Enter a valid amount (e.g., 25.00 or 1,250.00)');
  });
});
