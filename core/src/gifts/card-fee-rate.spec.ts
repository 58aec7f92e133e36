import { cardFeeFromCharges, MIN_CARD_FEE_SAMPLES } from './card-fee-rate.js';
import { DEFAULT_CARD_FEE, feeCoverageFor, type CardFee } from './fee-coverage.js';

const charged = (fee: CardFee, amounts: number[]) =>
  amounts.map((amountCents) => ({
    amountCents,
    feeCents: Math.round((amountCents * fee.basisPoints) / 10_000) + fee.fixedCents,
  }));
const AMOUNTS = [2500, 5000, 5143, 10_000, 1000, 7500, 25_000, 3600, 12_345, 999];
const NONPROFIT = { basisPoints: 220, fixedCents: 30 };

describe('cardFeeFromCharges (the card fee the account really pays)', () => {
  it("finds Stripe's non-profit 2.2% + 30 cents in charges made at it, though 2.9% is configured", () => {
    const fee = cardFeeFromCharges(charged(NONPROFIT, AMOUNTS), DEFAULT_CARD_FEE);
    expect(fee).toEqual(NONPROFIT);
    expect(feeCoverageFor(5000, fee)).toBe(143);
  });

  it('finds the standard 2.9% + 30 cents when 2.2% is configured', () => {
    expect(cardFeeFromCharges(charged(DEFAULT_CARD_FEE, AMOUNTS), NONPROFIT)).toEqual(DEFAULT_CARD_FEE);
  });

  it('reads a custom rate no list has (2.5% + 30 cents) from the median of the rates the charges imply', () => {
    expect(cardFeeFromCharges(charged({ basisPoints: 250, fixedCents: 30 }, AMOUNTS), DEFAULT_CARD_FEE)).toEqual({
      basisPoints: 250,
      fixedCents: 30,
    });
  });

  it('keeps the rate of most charges when a few paid more (international cards: +1.5%)', () => {
    const samples = [
      ...charged(NONPROFIT, AMOUNTS),
      ...charged({ basisPoints: 370, fixedCents: 30 }, [5000, 8000, 2000]),
    ];
    expect(cardFeeFromCharges(samples, DEFAULT_CARD_FEE)).toEqual(NONPROFIT);
  });

  it('falls back to the configured fee with too few charges, or when no price explains most of them', () => {
    expect(cardFeeFromCharges([], DEFAULT_CARD_FEE)).toBe(DEFAULT_CARD_FEE);
    expect(cardFeeFromCharges(charged(NONPROFIT, AMOUNTS.slice(0, MIN_CARD_FEE_SAMPLES - 1)), DEFAULT_CARD_FEE)).toBe(
      DEFAULT_CARD_FEE,
    );
    const scattered = AMOUNTS.map((amountCents, i) => ({ amountCents, feeCents: 31 + i * 17 }));
    expect(cardFeeFromCharges(scattered, DEFAULT_CARD_FEE)).toBe(DEFAULT_CARD_FEE);
    expect(cardFeeFromCharges(charged(NONPROFIT, AMOUNTS.slice(0, MIN_CARD_FEE_SAMPLES)), DEFAULT_CARD_FEE)).toEqual(
      NONPROFIT,
    );
  });
});
