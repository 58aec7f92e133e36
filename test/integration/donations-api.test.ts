import request from 'supertest';
import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { startStack, type Stack } from '../helpers/stack.js';

const donor = {
  amount: '50',
  frequency: 'one-time',
  firstName: 'Dana',
  lastName: 'Whitfield',
  email: 'dana.whitfield@example.org',
  phone: '(870) 555-0190',
  address: '12 Creek Road',
  city: 'Marshall',
  state: 'AR',
  zipCode: '72650',
};

describe('public donation API (through the Stripe emulator)', () => {
  let stack: Stack;
  let stripe: Stripe;
  beforeAll(async () => {
    stack = await startStack({ workers: 0 });
    stripe = createStripeClient(stack.env);
  });
  afterAll(() => stack?.stop());
  // Each test starts with fresh rate-limit counters (they are per IP, and every request here comes from 127.0.0.1).
  beforeEach(async () => {
    const keys = await stack.redis.keys(`${stack.env.REDIS_PREFIX}:donate:*`);
    if (keys.length) await stack.redis.del(...keys);
  });

  const intent = (body: unknown) =>
    request(stack.apiUrl)
      .post('/api/create-payment-intent')
      .send(body as object);

  it('one-time: creates a card PaymentIntent for the donor’s customer with the website metadata', async () => {
    const res = await intent({ amount: 5000, donationData: donor }).expect(200);
    expect(res.body.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(res.body.recordToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const pi = await stripe.paymentIntents.retrieve(res.body.paymentIntentId);
    expect(pi).toMatchObject({
      amount: 5000,
      currency: 'usd',
      receipt_email: donor.email,
      status: 'requires_payment_method',
    });
    expect(pi.metadata).toMatchObject({
      frequency: 'one-time',
      donation_type: 'one-time',
      source: 'website',
      donor_name: 'Dana Whitfield',
      donor_email: donor.email,
    });
    const customer = (await stripe.customers.retrieve(pi.customer as string)) as Stripe.Customer;
    expect(customer).toMatchObject({ email: donor.email, name: 'Dana Whitfield', phone: donor.phone });
    expect(customer.address).toMatchObject({
      line1: '12 Creek Road',
      city: 'Marshall',
      state: 'AR',
      postal_code: '72650',
      country: 'US',
    });
  });

  it('finds the donor’s existing customer by e-mail instead of creating another', async () => {
    const email = 'repeat.giver@example.org';
    const a = await intent({ amount: 2500, donationData: { ...donor, email } }).expect(200);
    const b = await intent({ amount: 7500, donationData: { ...donor, email, address: '' } }).expect(200);
    const [pa, pb] = await Promise.all([
      stripe.paymentIntents.retrieve(a.body.paymentIntentId),
      stripe.paymentIntents.retrieve(b.body.paymentIntentId),
    ]);
    expect(pa.customer).toBe(pb.customer);
    expect((await stripe.customers.list({ email })).data).toHaveLength(1);
  });

  it.each([
    ['monthly', 'month', 1],
    ['quarterly', 'month', 3],
    ['annual', 'year', 1],
  ])('%s: creates a subscription whose first invoice the card step pays', async (frequency, interval, count) => {
    const res = await intent({
      amount: 2000,
      donationData: { ...donor, frequency, email: `${frequency}@example.org` },
    }).expect(200);
    expect(res.body.subscriptionId).toMatch(/^sub_/);
    expect(res.body.clientSecret).toMatch(/_secret_/);
    const sub = await stripe.subscriptions.retrieve(res.body.subscriptionId);
    expect(sub.status).toBe('incomplete');
    expect(sub.metadata).toMatchObject({ frequency, donation_type: frequency, source: 'website' });
    expect(sub.items.data[0].price).toMatchObject({
      unit_amount: 2000,
      currency: 'usd',
      recurring: { interval, interval_count: count },
    });

    // Paying the first invoice's PaymentIntent with a good card makes the subscription active.
    const piId = res.body.clientSecret.split('_secret_')[0];
    await stripe.paymentIntents.confirm(piId, { payment_method: 'pm_card_visa' });
    await expect(stripe.subscriptions.retrieve(res.body.subscriptionId)).resolves.toMatchObject({ status: 'active' });
  });

  it.each([
    [{ amount: 99, donationData: donor }, 'The minimum donation amount is $1.00.'],
    [
      { amount: 10_000_001, donationData: donor },
      'The maximum online donation amount is $100,000.00. Please call us about larger gifts.',
    ],
    [{ amount: 12.5, donationData: donor }, 'amount must be a whole number of cents'],
    [{ amount: '5000', donationData: donor }, 'amount must be a whole number of cents'],
    [{ amount: 5000 }, 'donationData is required'],
    [{ amount: 5000, donationData: { ...donor, email: 'not-an-email' } }, 'email must be a valid e-mail address'],
    [{ amount: 5000, donationData: { ...donor, firstName: '  ' } }, 'firstName is required'],
    [{ amount: 5000, donationData: { ...donor, lastName: 'x'.repeat(101) } }, 'lastName'],
    [
      { amount: 5000, donationData: { ...donor, frequency: 'weekly' } },
      'frequency must be one of one-time, monthly, quarterly, annual',
    ],
  ])('refuses %j with 400 and a message', async (body, message) => {
    const res = await intent(body).expect(400);
    expect(res.body.message).toContain(message);
    expect(res.body.error).toBe(res.body.message);
  });

  it('answers 429 after 5 intents for one e-mail in 10 minutes', async () => {
    const data = { ...donor, email: 'card.tester@example.org' };
    for (let i = 0; i < 5; i++) await intent({ amount: 100 + i, donationData: data }).expect(200);
    const res = await intent({ amount: 200, donationData: data }).expect(429);
    expect(res.body.message).toBe('Too many donation attempts. Please wait a few minutes and try again.');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(600);
  });

  it('answers 429 after 10 intents from one IP in 10 minutes, whatever the e-mails', async () => {
    for (let i = 0; i < 10; i++)
      await intent({ amount: 100, donationData: { ...donor, email: `ip${i}@example.org` } }).expect(200);
    const res = await intent({ amount: 100, donationData: { ...donor, email: 'fresh@example.org' } }).expect(429);
    expect(res.body.message).toBe('Too many donation attempts. Please wait a few minutes and try again.');
    const keys = await stack.redis.keys(`${stack.env.REDIS_PREFIX}:donate:*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const k of keys) expect(await stack.redis.pttl(k)).toBeGreaterThan(0);
  });

  describe('POST /api/donation', () => {
    const record = (body: object) => request(stack.apiUrl).post('/api/donation').send(body);

    it('records a succeeded payment for the browser holding its record token, amount and customer from Stripe, once', async () => {
      const start = await intent({ amount: 4200, donationData: donor }).expect(200);
      expect(start.body.recordToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await stripe.paymentIntents.confirm(start.body.paymentIntentId, { payment_method: 'pm_card_visa' });
      const body = {
        ...donor,
        amount: '42',
        paymentIntentId: start.body.paymentIntentId,
        recordToken: start.body.recordToken,
      };
      const res = await record(body).expect(201);
      expect(res.body).toEqual({ success: true, id: expect.any(String) });
      const [row] = await stack.db.query(`SELECT * FROM donation_records WHERE id = $1`, [res.body.id]);
      expect(row).toMatchObject({
        payment_intent_id: start.body.paymentIntentId,
        amount: '4200',
        frequency: 'one-time',
        first_name: 'Dana',
        last_name: 'Whitfield',
        email: donor.email,
        phone: donor.phone,
        address: '12 Creek Road',
        city: 'Marshall',
        state: 'AR',
        zip_code: '72650',
      });
      expect(row.customer_id).toMatch(/^cus_/);
      const again = await record(body).expect(201);
      expect(again.body.id).toBe(res.body.id);
      expect(
        await stack.db.query(`SELECT count(*)::int AS n FROM donation_records WHERE payment_intent_id = $1`, [
          start.body.paymentIntentId,
        ]),
      ).toEqual([{ n: 1 }]);
    });

    it('records a monthly gift whose first invoice a bank debit is paying (processing): keyed by that debit', async () => {
      const start = await intent({
        amount: 2500,
        donationData: { ...donor, email: 'bank.monthly@example.org', frequency: 'monthly' },
      }).expect(200);
      const piId = start.body.clientSecret.split('_secret_')[0];
      const pi = await stripe.paymentIntents.confirm(piId, {
        payment_method_data: {
          type: 'us_bank_account',
          billing_details: { name: 'Dana Whitfield' },
          us_bank_account: {
            routing_number: '110000000',
            account_number: '000123456789',
            account_holder_type: 'individual',
          },
        },
        mandate_data: {
          customer_acceptance: { type: 'online', online: { ip_address: '127.0.0.1', user_agent: 'jest' } },
        },
      });
      expect(pi.status).toBe('processing');
      const body = {
        ...donor,
        amount: '25',
        frequency: 'monthly',
        subscriptionId: start.body.subscriptionId,
        recordToken: start.body.recordToken,
      };
      const res = await record(body).expect(201);
      const [row] = await stack.db.query(
        `SELECT payment_intent_id, subscription_id, amount, frequency FROM donation_records WHERE id = $1`,
        [res.body.id],
      );
      expect(row).toEqual({
        payment_intent_id: piId,
        subscription_id: start.body.subscriptionId,
        amount: '2500',
        frequency: 'monthly',
      });
    });

    it('refuses a payment that has not succeeded', async () => {
      const start = await intent({ amount: 4200, donationData: donor }).expect(200);
      const res = await record({
        ...donor,
        amount: '42',
        paymentIntentId: start.body.paymentIntentId,
        recordToken: start.body.recordToken,
      }).expect(400);
      expect(res.body.message).toBe('That payment has not been completed.');
    });

    it('refuses a record without a payment: nothing is written', async () => {
      const res = await record({
        ...donor,
        amount: '1,025.50',
        phone: '',
        frequency: 'monthly',
        recordToken: 'x'.repeat(43),
      }).expect(400);
      expect(res.body.message).toContain('paymentIntentId or subscriptionId is required');
      expect(await stack.db.query(`SELECT count(*)::int AS n FROM donation_records WHERE amount = 102550`)).toEqual([
        { n: 0 },
      ]);
    });

    it('refuses an amount that is not a number', async () => {
      const res = await record({
        ...donor,
        amount: 'lots',
        paymentIntentId: 'pi_123',
        recordToken: 'x'.repeat(43),
      }).expect(400);
      expect(res.body.message).toBe('amount must be a number of dollars');
    });
  });

  // Last: it stops the emulator.
  it('answers 502 "Failed to create payment intent" when Stripe cannot be reached', async () => {
    await stack.emulator!.stop();
    const res = await intent({ amount: 5000, donationData: { ...donor, email: 'offline@example.org' } }).expect(502);
    expect(res.body).toMatchObject({
      message: 'Failed to create payment intent',
      error: 'Failed to create payment intent',
    });
  });
});
