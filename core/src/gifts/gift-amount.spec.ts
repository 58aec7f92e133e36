import { checkGiftAmount, GIFT_AMOUNT_MESSAGES, MAX_GIFT_CENTS, MIN_GIFT_CENTS } from './gift-amount.js';

describe('checkGiftAmount: $1 to $100,000 in the one dollars grammar', () => {
  it.each([
    ['50', 5000],
    ['1', 100],
    ['1.00', 100],
    ['$1,250.50', 125050],
    ['40.5', 4050],
    [' 25 ', 2500],
    ['100000', MAX_GIFT_CENTS],
    ['100,000.00', MAX_GIFT_CENTS],
    ['19.99', 1999],
    ['1.15', 115],
  ])('%s is %i cents', (text, cents) => {
    expect(checkGiftAmount(text)).toEqual({ ok: true, cents });
  });

  it.each([
    ['', 'invalid'],
    ['abc', 'invalid'],
    ['0', 'invalid'],
    ['-5', 'invalid'],
    ['0.00', 'invalid'],
    ['.', 'invalid'],
    ['1e3', 'invalid'],
    // Beyond the grammar (money.ts): no guess at what was meant, the SPEC's words.
    ['40.', 'invalid'],
    ['0.001', 'invalid'],
    ['10.555', 'invalid'],
    ['10.500', 'invalid'],
    ['1,2,3', 'invalid'],
    ['0.99', 'min'],
    ['0.5', 'min'],
    ['100000.01', 'max'],
    ['1,000,000', 'max'],
  ])('%s is refused as %s', (text, problem) => {
    expect(checkGiftAmount(text)).toEqual({
      ok: false,
      problem,
      message: GIFT_AMOUNT_MESSAGES[problem as keyof typeof GIFT_AMOUNT_MESSAGES],
    });
  });

  it('keeps the SPEC words for an amount that is not above 0', () => {
    expect(GIFT_AMOUNT_MESSAGES.invalid).toBe('Please enter a valid donation amount greater than 0.');
    expect(MIN_GIFT_CENTS).toBe(100);
  });
});
