import {
  DEFAULT_BANK_FEE,
  DEFAULT_CARD_FEE,
  feeCoverageFor,
  feeFor,
  grossForNet,
  netOf,
  splitCharge,
} from './fee-coverage.js';

describe('grossForNet (cover the fees)', () => {
  it('turns a $50 gift into $51.80 at 2.9% + 30 cents, which nets exactly $50.00', () => {
    expect(grossForNet(5000, DEFAULT_CARD_FEE)).toBe(5180);
    expect(netOf(5180, DEFAULT_CARD_FEE)).toBe(5000);
    expect(feeCoverageFor(5000, DEFAULT_CARD_FEE)).toBe(180);
  });

  it.each([
    [100, DEFAULT_CARD_FEE],
    [2500, DEFAULT_CARD_FEE],
    [10000, DEFAULT_CARD_FEE],
    [123457, DEFAULT_CARD_FEE],
    [10_000_000, DEFAULT_CARD_FEE],
    [2500, { basisPoints: 220, fixedCents: 30 }],
    [999, { basisPoints: 0, fixedCents: 0 }],
  ])('%d cents: the smallest charge that nets the gift', (intended, fee) => {
    const gross = grossForNet(intended, fee);
    expect(netOf(gross, fee)).toBeGreaterThanOrEqual(intended);
    expect(netOf(gross - 1, fee)).toBeLessThan(intended);
  });

  it('every gift from $1 to $200 nets at least the gift and never a cent more than it must', () => {
    for (let cents = 100; cents <= 20_000; cents++) {
      const gross = grossForNet(cents, DEFAULT_CARD_FEE);
      expect(netOf(gross, DEFAULT_CARD_FEE) >= cents && netOf(gross - 1, DEFAULT_CARD_FEE) < cents).toBe(true);
    }
  });

  it('adds nothing with no fee, and refuses nonsense', () => {
    expect(feeCoverageFor(5000, { basisPoints: 0, fixedCents: 0 })).toBe(0);
    expect(() => grossForNet(0, DEFAULT_CARD_FEE)).toThrow(RangeError);
    expect(() => grossForNet(12.5, DEFAULT_CARD_FEE)).toThrow(RangeError);
    expect(() => grossForNet(5000, { basisPoints: 10_000, fixedCents: 0 })).toThrow(RangeError);
  });
});

describe('grossForNet by US bank account (0.8% capped at $5)', () => {
  it('turns $50 into $50.40 (Stripe takes 40 cents) and $1,000 into $1,005.00 (the fee capped at $5)', () => {
    expect(grossForNet(5000, DEFAULT_BANK_FEE)).toBe(5040);
    expect(netOf(5040, DEFAULT_BANK_FEE)).toBe(5000);
    expect(grossForNet(100_000, DEFAULT_BANK_FEE)).toBe(100_500);
    expect(netOf(100_500, DEFAULT_BANK_FEE)).toBe(100_000);
    expect(feeCoverageFor(100_000, DEFAULT_BANK_FEE)).toBe(500);
    expect(feeCoverageFor(10_000_000, DEFAULT_BANK_FEE)).toBe(500);
  });

  it('nets at least the gift and never a cent more than it must, for every gift from $1 to $2,000', () => {
    const misses: number[] = [];
    for (let cents = 100; cents <= 200_000; cents++) {
      const gross = grossForNet(cents, DEFAULT_BANK_FEE);
      const fee = Math.min(Math.round(gross * 0.008), 500);
      const feeOneLess = Math.min(Math.round((gross - 1) * 0.008), 500);
      if (!(gross - fee >= cents && gross - 1 - feeOneLess < cents)) misses.push(cents);
    }
    expect(misses).toEqual([]);
  });

  it('picks the fee of the chosen method, a card unless a bank account was picked', () => {
    const fees = { cardFee: DEFAULT_CARD_FEE, bankFee: DEFAULT_BANK_FEE };
    expect(feeFor('us_bank_account', fees)).toBe(DEFAULT_BANK_FEE);
    expect(feeFor('card', fees)).toBe(DEFAULT_CARD_FEE);
    expect(feeFor(undefined, fees)).toBe(DEFAULT_CARD_FEE);
  });

  it('refuses a negative cap', () => {
    expect(() => grossForNet(5000, { basisPoints: 80, capCents: -1 })).toThrow(RangeError);
  });
});

describe('splitCharge', () => {
  it('keeps the stated split when it adds up to what Stripe charged', () => {
    expect(splitCharge(5180, { giftCents: 5000, feeCoverageCents: 180 })).toEqual({
      giftCents: 5000,
      feeCoverageCents: 180,
    });
  });

  it.each([
    ['a different charge amount', 6000, { giftCents: 5000, feeCoverageCents: 180 }],
    ['no coverage stated', 5000, { giftCents: null, feeCoverageCents: null }],
    ['a zero coverage', 5000, { giftCents: 5000, feeCoverageCents: 0 }],
  ])('is all gift for %s', (_why, charged, stated) => {
    expect(splitCharge(charged, stated)).toEqual({ giftCents: charged, feeCoverageCents: 0 });
  });
});
