import type Stripe from 'stripe';
import { buildEvent, fixture } from './events.js';

/**
 * A realistic stream of Stripe events for the fault suites, built on Stripe's own example objects
 * (fixtures3.json): per donor a customer, a card attached, a one-time gift (payment intent + charge), then
 * either a refund in the SAME second as the charge (the ordering tie), a later profile update, or a dispute.
 * Deterministic for a given seed, so a run can be reproduced.
 */
export interface DonorStreamOptions {
  donors: number;
  /** Unix seconds of the first event. */
  start?: number;
  /** Prefix of every id, so two streams never collide. */
  tag: string;
}

const FIRST = ['Ada', 'Grace', 'José', 'Zoë', 'Mía', 'Ngozi', 'Li', 'Søren', 'Amélie', 'Omar', 'Priya', 'Tomás'];
const LAST = ['Lovelace', 'Hopper', 'García', 'Nguyen', "O'Brien", 'Müller', 'Okafor', 'Kowalski', 'Smith', 'Ito'];
const BRANDS: [string, string][] = [
  ['visa', '4242'],
  ['mastercard', '4444'],
  ['amex', '0005'],
  ['discover', '1117'],
];
const AMOUNTS = [2500, 5000, 10000, 25000, 50000, 1000, 7500, 100000, 1234];

export function donorEventStream(opts: DonorStreamOptions): Stripe.Event[] {
  const events: Stripe.Event[] = [];
  const start = opts.start ?? Math.floor(Date.now() / 1000) - 86400 * 30;
  for (let i = 0; i < opts.donors; i++) {
    const t = start + i * 7;
    const id = `${opts.tag}${i.toString(36).padStart(5, '0')}`;
    const cus = `cus_${id}`;
    const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`;
    const email = `donor.${id}@example.org`;
    const [brand, last4] = BRANDS[i % BRANDS.length];
    const amount = AMOUNTS[i % AMOUNTS.length];
    const address = {
      line1: `${100 + i} Oak Street`,
      line2: null,
      city: 'Mountain View',
      state: 'AR',
      postal_code: '72560',
      country: 'US',
    };
    const customer = fixture('customer', {
      id: cus,
      name,
      email,
      phone: '+18705550100',
      address,
      created: t,
      metadata: {},
    });
    events.push(buildEvent('customer.created', customer, { id: `evt_${id}a`, created: t }));

    const pm = fixture('payment_method', { id: `pm_${id}`, customer: cus, created: t });
    pm.card = { ...pm.card, brand, display_brand: brand, last4 };
    pm.billing_details = { ...pm.billing_details, name, email };
    events.push(buildEvent('payment_method.attached', pm, { id: `evt_${id}b`, created: t }));

    const metadata = {
      frequency: 'one-time',
      donation_type: 'one-time',
      source: 'website',
      firstName: name.split(' ')[0],
      email,
    };
    const pi = fixture('payment_intent', {
      id: `pi_${id}`,
      amount,
      amount_received: amount,
      customer: cus,
      status: 'succeeded',
      latest_charge: `ch_${id}`,
      payment_method: pm.id,
      created: t + 1,
      metadata,
      receipt_email: email,
      description: 'Donation',
    });
    events.push(buildEvent('payment_intent.succeeded', pi, { id: `evt_${id}c`, created: t + 1 }));

    const charge = fixture('charge', {
      id: `ch_${id}`,
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      refunded: false,
      status: 'succeeded',
      paid: true,
      customer: cus,
      payment_intent: pi.id,
      payment_method: pm.id,
      created: t + 1,
      metadata,
      receipt_email: email,
      receipt_url: `https://pay.stripe.com/receipts/${id}`,
      description: 'Donation',
      invoice: null,
    });
    charge.billing_details = { ...charge.billing_details, name, email, address };
    charge.payment_method_details = {
      ...charge.payment_method_details,
      type: 'card',
      card: { ...charge.payment_method_details.card, brand, last4 },
    };
    events.push(buildEvent('charge.succeeded', charge, { id: `evt_${id}d`, created: t + 1 }));

    switch (i % 4) {
      case 0: {
        // Partial refund in the same second as the charge: the tie the ordering guard must resolve.
        const refunded = { ...structuredClone(charge), amount_refunded: Math.floor(amount / 2), refunded: false };
        events.push(buildEvent('charge.refunded', refunded, { id: `evt_${id}e`, created: t + 1 }));
        break;
      }
      case 1: {
        const updated = { ...structuredClone(customer), name: `${name} Jr.`, email: `updated.${email}` };
        events.push(buildEvent('customer.updated', updated, { id: `evt_${id}e`, created: t + 3 }));
        break;
      }
      case 2: {
        const full = { ...structuredClone(charge), amount_refunded: amount, refunded: true };
        events.push(buildEvent('charge.refunded', full, { id: `evt_${id}e`, created: t + 4 }));
        break;
      }
      default: {
        const dispute = fixture('dispute', {
          id: `dp_${id}`,
          charge: charge.id,
          payment_intent: pi.id,
          amount,
          status: 'needs_response',
          created: t + 5,
        });
        events.push(buildEvent('charge.dispute.created', dispute, { id: `evt_${id}e`, created: t + 5 }));
      }
    }
  }
  return events;
}

/** Fisher-Yates with a seeded generator (mulberry32), so a shuffled run can be reproduced. */
export function seededShuffle<T>(items: T[], seed: number): T[] {
  const out = items.slice();
  let s = seed >>> 0;
  const rand = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
