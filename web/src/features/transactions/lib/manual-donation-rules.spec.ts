import { MANUAL_AMOUNT_MESSAGE } from '../../../../../core/src/gifts/manual-amount';
import {
  emptyManualDonation,
  showsIrsWarning,
  toPayload,
  validateManualDonation,
  type ManualDonationValues,
} from './manual-donation-rules';

/** The manual-gift form's rules: the same amount rule the API checks the payload by. */
const valid: ManualDonationValues = { ...emptyManualDonation('2026-03-09'), donorName: 'Jane Doe', amount: '1,250.00' };
const errors = (patch: Partial<ManualDonationValues>) => validateManualDonation({ ...valid, ...patch });

describe("the manual-gift form's rules", () => {
  it('passes a plain cash gift', () => {
    expect(errors({})).toEqual({});
  });

  it.each(['25', '25.5', '$25.00', '1,250', '9,999,999.99', ' 100 '])('takes %j as an amount', (amount) => {
    expect(errors({ amount }).amount).toBeUndefined();
  });

  // '1,2,3' was taken here once and then refused by the server: the form and the API now read by one rule.
  it.each(['', '0', '0.00', '1,2,3', '12,50.00', '1.234', '25.', '.5', '-5', '1e3', '10,000,000', 'abc'])(
    'refuses %j as the server does',
    (amount) => {
      expect(errors({ amount }).amount).toBe(MANUAL_AMOUNT_MESSAGE);
    },
  );

  it('asks for a name, a date, a description of property and a valid e-mail when one is given', () => {
    expect(errors({ donorName: ' ', donationDate: '', donorEmail: 'jane@' })).toEqual({
      donorName: 'Donor name is required',
      donationDate: 'Donation date is required',
      donorEmail: 'Enter a valid email address',
    });
    expect(errors({ donationType: 'stock' }).giftDescription).toBeDefined();
    expect(errors({ donationType: 'stock', giftDescription: '10 shares of ACME' })).toEqual({});
  });

  it('checks what the donor received: described, valued, and worth no more than the gift', () => {
    expect(errors({ receivedGoods: true })).toEqual({
      goodsDescription: 'Describe what the donor received in return',
      goodsValue: 'Enter the fair-market value as an amount (e.g., 40.00)',
    });
    expect(errors({ receivedGoods: true, goodsDescription: 'Dinner', goodsValue: '1,250.01' }).goodsValue).toBe(
      'The value of what the donor received cannot be more than the gift',
    );
    expect(errors({ receivedGoods: true, goodsDescription: 'Dinner', goodsValue: '$1,250' })).toEqual({});
  });

  it('shows the IRS warning from $250, as the server flags the gift', () => {
    expect(showsIrsWarning('249.99')).toBe(false);
    expect(showsIrsWarning('250')).toBe(true);
    expect(showsIrsWarning('$1,000')).toBe(true);
    expect(showsIrsWarning('2,5,0')).toBe(false);
  });

  it('sends the amounts as plain dollars, commas gone (SPEC section 3), and only the fields that apply', () => {
    const payload = toPayload(
      { ...valid, amount: '$1,250', receivedGoods: true, goodsDescription: ' Dinner ', goodsValue: '40', fundId: '3' },
      'cus_1',
    );
    expect(payload).toMatchObject({
      stripeCustomerId: 'cus_1',
      amount: '1250.00',
      goodsDescription: 'Dinner',
      goodsValue: '40.00',
      fundId: 3,
      donorEmail: undefined,
    });
    expect(payload.giftDescription).toBeUndefined();
    expect(toPayload(valid).goodsValue).toBeUndefined();
  });

  it('credits the gift to the appeal picked, and to none when "None" is left', () => {
    const appealId = '6f1c2a57-0d2e-4d8a-9a53-8f7a2b1c0e11';
    expect(toPayload({ ...valid, appealId }).appealId).toBe(appealId);
    expect(toPayload(valid).appealId).toBeUndefined();
  });
});
