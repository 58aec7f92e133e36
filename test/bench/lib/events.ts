/**
 * Validly signed, distinct Stripe events for load tests: charge.succeeded events shaped as the API version
 * the app pins, each with its own event and charge id, signed as Stripe signs (t=..., v1=HMAC).
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { customerObject } from '../../../dev/stripe-emulator/src/resources/customers.js';
import { WEBHOOK_SECRET } from './env.js';

const stripe = new Stripe('sk_test_bench_signing');

/** The report note of the benches that send these events: why their charges name no fee line. */
export const NO_FEE_LINES_NOTE =
  'The charges name no balance transaction (lib/events.ts): the emulator holds no line for them, and a fee read refused for every gift is not what a real charge costs (one listing per batch finds its line). Runs before 2026-11-28 15:00 paid that refusal, about 0.4 ms of worker CPU per event.';
const BRANDS = ['visa', 'mastercard', 'amex', 'discover'];

export function chargeSucceededEvent(
  i: number,
  run: string,
  customer: string | null = null,
  at = Math.floor(Date.now() / 1000),
): string {
  const chargeId = `ch_b${run}${i}`;
  const amount = [2500, 5000, 10000, 7500][i % 4];
  const brand = BRANDS[i % 4];
  return JSON.stringify({
    id: `evt_b${run}${i}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: at,
    livemode: false,
    pending_webhooks: 1,
    request: { id: `req_b${run}${i}`, idempotency_key: null },
    type: 'charge.succeeded',
    data: {
      object: {
        id: chargeId,
        object: 'charge',
        amount,
        amount_captured: amount,
        amount_refunded: 0,
        // No balance transaction: the emulator holds no line for these made-up charges, so naming one made the
        // worker's fee read ask Stripe for each gift and be refused (a 404 per event: 0.4 ms of the worker's CPU
        // per event, nearly half its cost, and the lag at 100/s rose above 1 s while those reads ran). A real
        // charge's line is found by one listing per batch (read-balance-transactions.handler.ts).
        balance_transaction: null,
        billing_details: {
          address: {
            city: 'Little Rock',
            country: 'US',
            line1: '100 Main St',
            line2: null,
            postal_code: '72201',
            state: 'AR',
          },
          email: `donor${i}@example.com`,
          name: `Donor ${i}`,
          phone: null,
        },
        captured: true,
        created: at,
        currency: 'usd',
        customer,
        description: 'Donation to Hillside Learning Center',
        disputed: false,
        failure_code: null,
        failure_message: null,
        livemode: false,
        metadata: { frequency: 'one-time', donation_type: 'one-time' },
        outcome: {
          network_status: 'approved_by_network',
          reason: null,
          risk_level: 'normal',
          seller_message: 'Payment complete.',
          type: 'authorized',
        },
        paid: true,
        payment_intent: `pi_b${run}${i}`,
        payment_method: `pm_b${run}${i}`,
        payment_method_details: {
          card: {
            brand,
            country: 'US',
            exp_month: 12,
            exp_year: 2030,
            funding: 'credit',
            last4: '4242',
            network: brand,
          },
          type: 'card',
        },
        receipt_email: `donor${i}@example.com`,
        receipt_url: `https://pay.stripe.com/receipts/b${run}${i}`,
        refunded: false,
        status: 'succeeded',
      },
    },
  });
}

/** A customer.created event for `cus_b<run><i>` (the donors the charges of signedEvents(n, customers) name). */
export function customerCreatedEvent(i: number, run: string, at = Math.floor(Date.now() / 1000)): string {
  const id = `cus_b${run}${i}`;
  return JSON.stringify({
    id: `evt_bc${run}${i}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: at,
    livemode: false,
    pending_webhooks: 1,
    request: { id: `req_bc${run}${i}`, idempotency_key: null },
    type: 'customer.created',
    data: {
      object: customerObject(id, at, {
        address: {
          city: 'Little Rock',
          country: 'US',
          line1: '100 Main St',
          line2: null,
          postal_code: '72201',
          state: 'AR',
        },
        email: `donor${i}@example.com`,
        invoice_prefix: `B${i}`,
        name: `Donor ${i}`,
      }),
    },
  });
}

/**
 * The same charge as chargeSucceededEvent, refunded in full (a charge.refunded event of its own id `evt_br...`),
 * dated `at`: with the charge's own event in the same second, the case where `created` cannot order them.
 */
export function chargeRefundedEvent(i: number, run: string, customer: string | null, at: number): string {
  const e = JSON.parse(chargeSucceededEvent(i, run, customer, at));
  const charge = e.data.object;
  return JSON.stringify({
    ...e,
    id: `evt_br${run}${i}`,
    type: 'charge.refunded',
    request: { id: `req_br${run}${i}`, idempotency_key: null },
    data: {
      object: { ...charge, amount_refunded: charge.amount, refunded: true },
      previous_attributes: { amount_refunded: 0, refunded: false },
    },
  });
}

/** Signs a body as Stripe does, now (a signature older than 5 minutes is refused). */
export function sign(body: string): SignedEvent {
  return {
    body,
    signature: stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000),
    }),
  };
}

export interface SignedEvent {
  body: string;
  signature: string;
}

/** `customers` > 0 spreads the charges over that many donors (cus_...), as real gifts are. */
export function signedEvents(n: number, customers = 0): SignedEvent[] {
  const run = randomBytes(3).toString('hex');
  const timestamp = Math.floor(Date.now() / 1000);
  const out: SignedEvent[] = [];
  for (let i = 0; i < n; i++) {
    const body = chargeSucceededEvent(i, run, customers > 0 ? `cus_b${run}${i % customers}` : null);
    out.push({
      body,
      signature: stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET, timestamp }),
    });
  }
  return out;
}

/** POSTs one signed event; resolves with the status. */
export async function deliver(apiUrl: string, e: SignedEvent): Promise<number> {
  const res = await fetch(`${apiUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': e.signature },
    body: e.body,
  });
  await res.arrayBuffer();
  return res.status;
}
