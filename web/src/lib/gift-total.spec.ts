import { DEFAULT_BANK_FEE, DEFAULT_CARD_FEE, netOf } from '../../../core/src/gifts/fee-coverage';
import { formatCents } from '../../../core/src/gifts/money';
import { MAX_GIFT_CENTS } from '../../../core/src/gifts/gift-amount';
import { giftTotal } from './gift-total';

/**
 * What the donate form, its payment step and My Giving's amount dialog show and charge: the gift as typed and the
 * fee that "cover the fees" adds, by the rule the server charges by. These are the figures on the checkbox label
 * ("Add $1.80 so all of my $50 goes to the school") and on the Pay button.
 */
describe('giftTotal: the amounts the form shows', () => {
  it.each([
    // By card, 2.9% + 30 cents: $50 -> $51.80 (the bare ceiling would ask $51.81; Stripe rounds its fee to $1.50).
    ['50', DEFAULT_CARD_FEE, { giftCents: 5000, feeCents: 180, totalCents: 5180 }],
    ['25', DEFAULT_CARD_FEE, { giftCents: 2500, feeCents: 106, totalCents: 2606 }],
    ['$1,250.50', DEFAULT_CARD_FEE, { giftCents: 125050, feeCents: 3766, totalCents: 128816 }],
    ['1', DEFAULT_CARD_FEE, { giftCents: 100, feeCents: 34, totalCents: 134 }],
    // By bank, 0.8% capped at $5: $50 -> 40 cents; from $625 on the cap.
    ['50', DEFAULT_BANK_FEE, { giftCents: 5000, feeCents: 40, totalCents: 5040 }],
    ['1000', DEFAULT_BANK_FEE, { giftCents: 100000, feeCents: 500, totalCents: 100500 }],
    ['100,000.00', DEFAULT_BANK_FEE, { giftCents: MAX_GIFT_CENTS, feeCents: 500, totalCents: MAX_GIFT_CENTS + 500 }],
  ])('%s covered (%j) is %j', (amount, fee, total) => {
    expect(giftTotal({ amount, coverFees: true }, fee)).toEqual(total);
  });

  it('adds nothing when the box is not ticked or the fee is not loaded yet', () => {
    expect(giftTotal({ amount: '50', coverFees: false }, DEFAULT_CARD_FEE)).toEqual({
      giftCents: 5000,
      feeCents: 0,
      totalCents: 5000,
    });
    expect(giftTotal({ amount: '50', coverFees: true }, undefined)).toEqual({
      giftCents: 5000,
      feeCents: 0,
      totalCents: 5000,
    });
  });

  it("the fee covered leaves the school the whole gift after Stripe's fee, and a cent less would not", () => {
    for (const fee of [DEFAULT_CARD_FEE, DEFAULT_BANK_FEE]) {
      for (const cents of [100, 199, 2500, 5173, 99_999, 1_000_000]) {
        const { feeCents, totalCents } = giftTotal({ amount: formatCents(cents), coverFees: true }, fee)!;
        expect(netOf(totalCents, fee)).toBeGreaterThanOrEqual(cents);
        expect(netOf(totalCents - 1, fee)).toBeLessThan(cents);
        expect(totalCents).toBe(cents + feeCents);
      }
    }
  });

  it.each(['', 'abc', '0', '0.99', '100000.01', '40.', '1.005', '1,2,3', '-5'])(
    'has no total for %j (the form says why)',
    (amount) => {
      expect(giftTotal({ amount, coverFees: true }, DEFAULT_CARD_FEE)).toBeNull();
    },
  );
});
