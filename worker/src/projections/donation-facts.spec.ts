import { resolveDonationFacts } from './donation-facts.js';

describe('donation facts', () => {
  it('prefers the charge metadata, then the payment intent, then the subscription', () => {
    expect(
      resolveDonationFacts({
        amount: 5000,
        chargeMetadata: { frequency: 'one-time', source: 'website' },
        recurring: false,
      }),
    ).toMatchObject({
      frequency: 'one-time',
      donation_type: 'one-time',
      source: 'website',
      fund_id: 1,
      fee_coverage: 0,
      tribute_name: null,
    });
    expect(
      resolveDonationFacts({
        amount: 5000,
        chargeMetadata: {},
        paymentIntentMetadata: { frequency: 'one-time', donation_type: 'one-time' },
        recurring: false,
      }).frequency,
    ).toBe('one-time');
    expect(
      resolveDonationFacts({
        amount: 5000,
        chargeMetadata: {},
        subscription: { frequency: 'quarterly', metadata: { source: 'website' } },
        recurring: true,
      }),
    ).toMatchObject({ frequency: 'quarterly', donation_type: 'quarterly', source: 'website' });
    expect(
      resolveDonationFacts({ amount: 5000, chargeMetadata: {}, subscriptionFrequencyHint: 'annual', recurring: true })
        .frequency,
    ).toBe('annual');
    expect(resolveDonationFacts({ amount: 5000, chargeMetadata: {}, recurring: false }).frequency).toBe('one-time');
  });

  it('takes fund, fee split and tribute from the subscription for a renewal, the split only when it adds up to the charge', () => {
    const metadata = {
      fund_id: '2',
      gift_cents: '2500',
      fee_coverage_cents: '106',
      tribute_kind: 'memory',
      donor_tribute_name: 'Ada',
      donor_tribute_email: 'kin@example.com',
    };
    const renewal = resolveDonationFacts({
      amount: 2606,
      chargeMetadata: {},
      subscription: { frequency: 'monthly', metadata },
      recurring: true,
    });
    expect(renewal).toMatchObject({
      fund_id: 2,
      fee_coverage: 106,
      tribute_kind: 'memory',
      tribute_name: 'Ada',
      tribute_notify_email: 'kin@example.com',
      tribute_show_amount: false,
    });
    // The plan's amount was changed since: Stripe's amount is all gift.
    expect(
      resolveDonationFacts({
        amount: 4000,
        chargeMetadata: {},
        subscription: { frequency: 'monthly', metadata },
        recurring: true,
      }).fee_coverage,
    ).toBe(0);
  });
});
