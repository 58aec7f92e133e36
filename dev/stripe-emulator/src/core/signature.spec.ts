import Stripe from 'stripe';
import { signPayload } from './signature.js';

const stripe = new Stripe('sk_test_unit');
const secret = 'whsec_unit_test_secret';
const payload = JSON.stringify(
  { id: 'evt_1', object: 'event', type: 'charge.succeeded', data: { object: { id: 'ch_1' } } },
  null,
  2,
);

describe('signPayload (Stripe-Signature header)', () => {
  it('matches the SDK test header byte for byte', () => {
    const t = 1_700_000_000;
    expect(signPayload(payload, secret, t)).toBe(
      stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: t }),
    );
  });

  it('is accepted by stripe.webhooks.constructEvent', () => {
    const event = stripe.webhooks.constructEvent(payload, signPayload(payload, secret), secret);
    expect(event.id).toBe('evt_1');
  });

  it('is rejected for another secret, a changed body or a stale timestamp', () => {
    const header = signPayload(payload, secret);
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(/signature/i);
    expect(() => stripe.webhooks.constructEvent(`${payload} `, header, secret)).toThrow(/signature/i);
    const old = signPayload(payload, secret, Math.floor(Date.now() / 1000) - 3600);
    expect(() => stripe.webhooks.constructEvent(payload, old, secret)).toThrow(/tolerance/i);
  });
});
