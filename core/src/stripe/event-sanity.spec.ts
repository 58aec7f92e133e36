import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eventRejection, isLiveKey, MAX_AMOUNT_CENTS } from './event-sanity.js';

const FIXTURES = JSON.parse(
  readFileSync(resolve(process.cwd(), 'test/fixtures/stripe/fixtures3.json'), 'utf8'),
).resources;
const fx = (name: string, overrides: Record<string, unknown> = {}) => ({
  ...structuredClone(FIXTURES[name]),
  ...overrides,
});

const NOW = 1_790_000_000;
const test = { livemode: false, receivedAt: NOW };
const event = (object: unknown, extra: Record<string, unknown> = {}) => ({
  created: NOW,
  livemode: false,
  data: { object },
  ...extra,
});

describe('eventRejection', () => {
  it("passes every one of Stripe's example objects the read model uses", () => {
    for (const name of [
      'customer',
      'payment_method',
      'payment_intent',
      'charge',
      'refund',
      'dispute',
      'invoice',
      'subscription',
      'plan',
      'price',
    ]) {
      expect({ name, reason: eventRejection(event(fx(name)), test) }).toEqual({ name, reason: null });
    }
  });

  it('refuses an event dated more than five minutes after it arrived, and takes clock skew below that', () => {
    expect(eventRejection(event(fx('customer'), { created: NOW + 300 }), test)).toBeNull();
    expect(eventRejection(event(fx('customer'), { created: NOW + 301 }), test)).toMatch(
      /^dated in the future: created 2026-/,
    );
    expect(eventRejection(event(fx('customer'), { created: 4_102_444_800 }), test)).toBe(
      `dated in the future: created 2100-01-01T00:00:00Z, received ${new Date(NOW * 1000).toISOString().replace('.000Z', 'Z')}`,
    );
    expect(eventRejection(event(fx('customer'), { created: NOW - 86400 * 400 }), test)).toBeNull();
    expect(eventRejection(event(fx('customer'), { created: 1e20 }), test)).toMatch(
      /^dated in the future: created 100000000000000000000, received/,
    );
  });

  it('refuses the other mode: live events under a test key and test events under a live key', () => {
    expect(eventRejection(event(fx('charge'), { livemode: true }), test)).toBe(
      'livemode true does not match the test key in use',
    );
    expect(eventRejection(event(fx('charge')), { ...test, livemode: true })).toBe(
      'livemode false does not match the live key in use',
    );
    expect(eventRejection(event(fx('charge'), { livemode: true }), { ...test, livemode: true })).toBeNull();
    expect([
      isLiveKey('sk_live_abc'),
      isLiveKey('rk_live_abc'),
      isLiveKey('sk_test_abc'),
      isLiveKey('rk_test_live_abc'),
    ]).toEqual([true, true, false, false]);
  });

  it('refuses money in another currency on every kind the read model counts', () => {
    for (const name of ['charge', 'payment_intent', 'invoice', 'dispute', 'refund', 'subscription']) {
      expect(eventRejection(event(fx(name, { currency: 'jpy' })), test)).toBe('currency "jpy" is not USD');
    }
    const sub = fx('subscription');
    sub.items.data[0].price.currency = 'eur';
    expect(eventRejection(event(sub), test)).toBe('currency "eur" is not USD');
  });

  it("refuses negative, fractional and absurd amounts, and takes Stripe's own maximum", () => {
    expect(eventRejection(event(fx('charge', { amount: -500 })), test)).toBe(
      `charge.amount -500 is not an amount from 0 to ${MAX_AMOUNT_CENTS} cents`,
    );
    expect(eventRejection(event(fx('charge', { amount: MAX_AMOUNT_CENTS + 1 })), test)).toMatch(
      /^charge.amount 100000000 /,
    );
    expect(eventRejection(event(fx('charge', { amount: 10.5 })), test)).toMatch(/^charge.amount 10.5 /);
    expect(eventRejection(event(fx('charge', { amount: '1000' })), test)).toMatch(/^charge.amount "1000" /);
    expect(eventRejection(event(fx('charge', { amount_refunded: -1 })), test)).toMatch(/^charge.amount_refunded -1 /);
    expect(eventRejection(event(fx('payment_intent', { amount_received: 1e12 })), test)).toMatch(
      /^payment_intent.amount_received /,
    );
    expect(eventRejection(event(fx('invoice', { amount_paid: -100 })), test)).toMatch(/^invoice.amount_paid /);
    expect(eventRejection(event(fx('dispute', { amount: 1e9 })), test)).toMatch(/^dispute.amount /);
    expect(eventRejection(event(fx('charge', { amount: MAX_AMOUNT_CENTS })), test)).toBeNull();
    const sub = fx('subscription');
    sub.items.data[0].price.unit_amount = 60_000_000;
    sub.items.data[0].quantity = 2;
    expect(eventRejection(event(sub), test)).toMatch(/^subscription item 0 amount 120000000 /);
  });

  it('leaves objects without money alone, whatever their currency-like fields', () => {
    expect(eventRejection(event(fx('customer', { currency: 'jpy', balance: -5000 })), test)).toBeNull();
    expect(eventRejection(event(fx('customer_balance_transaction')), test)).toBeNull();
  });
});
