import Stripe from 'stripe';
import { postEvent, readModelChecksums, waitForProjection } from '../helpers/events.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * The whole pipeline with real parts: the Stripe emulator makes payments and sends signed webhooks to the
 * running API, the in-process worker projects them, and the assertions read the Postgres read model.
 */

interface Scenario {
  donor: Stripe.Customer;
  oneTime: Stripe.PaymentIntent;
  refundedFull: Stripe.PaymentIntent;
  refundedPart: Stripe.PaymentIntent;
  disputed: Stripe.PaymentIntent;
  subscriber: Stripe.Customer;
  subscription: Stripe.Subscription;
  gone: Stripe.Customer;
}

function sdk(stack: Stack): Stripe {
  const base = new URL(stack.emulator!.url);
  return new Stripe(stack.emulator!.secretKey, {
    host: base.hostname,
    port: Number(base.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
}

/** Gifts as the donation endpoint makes them (metadata), plus what happens later in the Stripe dashboard. */
async function runScenario(stack: Stack): Promise<Scenario> {
  const stripe = sdk(stack);
  // Start four months back: the renewal below moves the emulator clock a quarter ahead, and the API rejects
  // events dated in the future (a Stripe test clock must likewise stay in the past).
  await stack.emulator!.advanceClock(-120 * 86400);
  const emulator = stack.emulator!;
  const gift = (amount: number, customer: string, card = 'pm_card_visa') =>
    stripe.paymentIntents.create({
      amount,
      currency: 'usd',
      customer,
      payment_method: card,
      confirm: true,
      metadata: {
        frequency: 'one-time',
        donation_type: 'one-time',
        source: 'website',
        donor_name: 'Ann Lee',
        donor_email: 'ann@example.org',
      },
    });

  const donor = await stripe.customers.create({
    name: 'Ann Lee',
    email: 'ann@example.org',
    phone: '555-0100',
    address: { line1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701' },
  });
  const oneTime = await gift(5000, donor.id);
  const refundedFull = await gift(2500, donor.id, 'pm_card_mastercard');
  await stripe.refunds.create({ payment_intent: refundedFull.id });
  const refundedPart = await gift(10000, donor.id, 'pm_card_amex');
  await stripe.refunds.create({ payment_intent: refundedPart.id, amount: 3000 });
  const disputed = await gift(4000, donor.id);
  const disputeRes = await fetch(`${emulator.url}/_emulator/charges/${disputed.latest_charge}/dispute`, {
    method: 'POST',
    body: '{}',
  });
  expect(disputeRes.status).toBe(200);
  await stripe.customers.update(donor.id, {
    name: 'Ann B. Lee',
    address: { line1: '2 Oak Ave', city: 'Austin', state: 'TX', postal_code: '78702' },
  });

  const subscriber = await stripe.customers.create({ name: 'Quinn Quarterly', email: 'quinn@example.org' });
  const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: subscriber.id });
  await stripe.customers.update(subscriber.id, { invoice_settings: { default_payment_method: pm.id } });
  const subscription = await stripe.subscriptions.create({
    customer: subscriber.id,
    items: [
      {
        price_data: {
          currency: 'usd',
          unit_amount: 3000,
          product_data: { name: 'Quarterly gift' },
          recurring: { interval: 'month', interval_count: 3 },
        } as unknown as Stripe.SubscriptionCreateParams.Item.PriceData,
      },
    ],
    metadata: { frequency: 'quarterly', donation_type: 'quarterly', source: 'website' },
  });
  const periodEnd = (await stripe.subscriptions.retrieve(subscription.id)).items.data[0].current_period_end;
  await emulator.advanceClock(periodEnd - emulator.now() + 60);

  const gone = await stripe.customers.create({ name: 'Short Stay', email: 'gone@example.org' });
  await stripe.customers.del(gone.id);
  await emulator.flushWebhooks(60000);
  return { donor, oneTime, refundedFull, refundedPart, disputed, subscriber, subscription, gone };
}

/** Stripe's own order of the events: the events list, oldest first. */
async function allEvents(stripe: Stripe): Promise<Stripe.Event[]> {
  const events = await stripe.events.list({ limit: 100 }).autoPagingToArray({ limit: 10000 });
  return events.reverse();
}

const READ_MODEL = [
  'charges',
  'payment_intents',
  'invoices',
  'subscriptions',
  'payment_methods',
  'donors',
  // daily_totals and monthly_totals are views of these (migration ContentionFreeDayTotals1764870000000).
  'daily_totals_folded',
  'monthly_totals_folded',
  'total_deltas',
  'donor_totals',
];

async function resetReadModel(stack: Stack): Promise<void> {
  await stack.db.query(`TRUNCATE stripe_events, ${READ_MODEL.join(', ')}`);
}

describe('event pipeline through the Stripe emulator', () => {
  let stack: Stack;
  let s: Scenario;
  let faultyChecksums: Record<string, string>;

  beforeAll(async () => {
    stack = await startStack();
    // Every event delivered three times, in shuffled order.
    stack.emulator!.setFaults({ duplicates: 3, shuffle: true });
    s = await runScenario(stack);
    const stripe = sdk(stack);
    const count = (await allEvents(stripe)).length;
    await waitForProjection(stack, { minEvents: count, timeoutMs: 60000 });
    faultyChecksums = await readModelChecksums(stack);
  }, 120000);
  afterAll(() => stack?.stop());

  it('lands one-time gifts, refunds in full and in part, and a dispute in charges and totals', async () => {
    const rows = await stack.db.query(
      `SELECT payment_intent_id, customer_id, amount::int, amount_refunded::int, status, refunded, disputed, dispute_status, frequency, donation_type, source, brand, last4, billing_name
         FROM charges WHERE customer_id = $1 ORDER BY amount`,
      [s.donor.id],
    );
    expect(rows).toEqual([
      expect.objectContaining({
        payment_intent_id: s.refundedFull.id,
        amount: 2500,
        amount_refunded: 2500,
        refunded: true,
        brand: 'mastercard',
        disputed: false,
      }),
      expect.objectContaining({
        payment_intent_id: s.disputed.id,
        amount: 4000,
        disputed: true,
        dispute_status: 'needs_response',
      }),
      expect.objectContaining({
        payment_intent_id: s.oneTime.id,
        amount: 5000,
        amount_refunded: 0,
        status: 'succeeded',
        brand: 'visa',
        last4: '4242',
        frequency: 'one-time',
        donation_type: 'one-time',
        source: 'website',
        billing_name: 'Ann Lee',
      }),
      expect.objectContaining({
        payment_intent_id: s.refundedPart.id,
        amount: 10000,
        amount_refunded: 3000,
        refunded: false,
        brand: 'amex',
      }),
    ]);
    // Net of refunds, the open dispute counting for nothing: 5000 + 0 + 7000 + 0.
    const [totals] = await stack.db.query(
      `SELECT total_amount::int, donation_count FROM donor_totals WHERE customer_id = $1`,
      [s.donor.id],
    );
    expect(totals).toEqual({ total_amount: 12000, donation_count: 4 });
    const [daily] = await stack.db.query(
      `SELECT sum(amount)::int AS amount, sum(count)::int AS count FROM daily_totals WHERE source = 'card'`,
    );
    expect(daily).toEqual({ amount: 12000 + 6000, count: 4 + 2 });
  });

  it('links subscription charges, first and renewal, to the subscriber and the quarterly frequency', async () => {
    const rows = await stack.db.query(
      `SELECT customer_id, subscription_id, invoice_id IS NOT NULL AS has_invoice, frequency, donation_type, amount::int, status FROM charges WHERE subscription_id = $1 ORDER BY created`,
      [s.subscription.id],
    );
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r).toEqual({
        customer_id: s.subscriber.id,
        subscription_id: s.subscription.id,
        has_invoice: true,
        frequency: 'quarterly',
        donation_type: 'quarterly',
        amount: 3000,
        status: 'succeeded',
      });
    }
    const [sub] = await stack.db.query(
      `SELECT status, interval, interval_count, frequency, amount::int, customer_id FROM subscriptions WHERE id = $1`,
      [s.subscription.id],
    );
    expect(sub).toEqual({
      status: 'active',
      interval: 'month',
      interval_count: 3,
      frequency: 'quarterly',
      amount: 3000,
      customer_id: s.subscriber.id,
    });
    const [quarterly] = await stack.db.query(
      `SELECT sum(amount)::int AS amount, sum(count)::int AS count FROM daily_totals WHERE donation_type = 'quarterly'`,
    );
    expect(quarterly).toEqual({ amount: 6000, count: 2 });
    const pms = await stack.db.query(
      `SELECT customer_id, brand, last4, detached_at FROM payment_methods WHERE customer_id = $1`,
      [s.subscriber.id],
    );
    expect(pms).toEqual([{ customer_id: s.subscriber.id, brand: 'visa', last4: '4242', detached_at: null }]);
  });

  it('applies donor updates and keeps a deleted donor as a tombstone', async () => {
    const [donor] = await stack.db.query(
      `SELECT name, email, phone, address_line1, address_postal_code, deleted_at FROM donors WHERE id = $1`,
      [s.donor.id],
    );
    expect(donor).toEqual({
      name: 'Ann B. Lee',
      email: 'ann@example.org',
      phone: '555-0100',
      address_line1: '2 Oak Ave',
      address_postal_code: '78702',
      deleted_at: null,
    });
    const [gone] = await stack.db.query(`SELECT name, deleted_at FROM donors WHERE id = $1`, [s.gone.id]);
    expect(gone.name).toBe('Short Stay');
    expect(gone.deleted_at).toBeInstanceOf(Date);
  });

  it('ends, after triple shuffled delivery, in the same tables as one in-order pass of the same events', async () => {
    const events = await allEvents(sdk(stack));
    await resetReadModel(stack);
    for (const event of events) await postEvent(stack, event).expect(200);
    await waitForProjection(stack, { minEvents: events.length, timeoutMs: 60000 });
    expect(await readModelChecksums(stack)).toEqual(faultyChecksums);
  }, 120000);

  it('closes a dispute as won and gives the gift back to the totals', async () => {
    const stripe = sdk(stack);
    const chargeId = s.disputed.latest_charge as string;
    const [{ dispute_id }] = await stack.db.query(`SELECT dispute_id FROM charges WHERE id = $1`, [chargeId]);
    stack.emulator!.setFaults({});
    const res = await fetch(`${stack.emulator!.url}/_emulator/disputes/${dispute_id}/close`, {
      method: 'POST',
      body: '{"status":"won"}',
    });
    expect(res.status).toBe(200);
    await stack.emulator!.flushWebhooks(30000);
    const total = (await allEvents(stripe)).length;
    await waitForProjection(stack, { minEvents: total });
    expect(await stack.db.query(`SELECT dispute_status FROM charges WHERE id = $1`, [chargeId])).toEqual([
      { dispute_status: 'won' },
    ]);
    const [totals] = await stack.db.query(`SELECT total_amount::int FROM donor_totals WHERE customer_id = $1`, [
      s.donor.id,
    ]);
    expect(totals.total_amount).toBe(16000);
  });
});
