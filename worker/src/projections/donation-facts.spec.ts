import { resolveDonationFacts } from './donation-facts.js';

describe('donation facts', () => {
  it('prefers the charge metadata, then the payment intent, then the subscription', () => {
    expect(resolveDonationFacts({ chargeMetadata: { frequency: 'one-time', source: 'website' }, recurring: false })).toEqual({ frequency: 'one-time', donation_type: 'one-time', source: 'website' });
    expect(resolveDonationFacts({ chargeMetadata: {}, paymentIntentMetadata: { frequency: 'one-time', donation_type: 'one-time' }, recurring: false }).frequency).toBe('one-time');
    expect(resolveDonationFacts({ chargeMetadata: {}, subscription: { frequency: 'quarterly', metadata: { source: 'website' } }, recurring: true })).toEqual({ frequency: 'quarterly', donation_type: 'quarterly', source: 'website' });
    expect(resolveDonationFacts({ chargeMetadata: {}, subscriptionFrequencyHint: 'annual', recurring: true }).frequency).toBe('annual');
    expect(resolveDonationFacts({ chargeMetadata: {}, recurring: false }).frequency).toBe('one-time');
  });
});
