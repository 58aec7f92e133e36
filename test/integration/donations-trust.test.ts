import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { authed, signIn } from '../helpers/admin.js';
import { waitForProjection } from '../helpers/events.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * What the public donation endpoints may and may not do (docs/SECURITY.md, "What the public form may change"):
 * the form never edits an existing donor; a donation record needs a succeeded payment and the record token of
 * the browser that started it, and takes amount and donor from Stripe; someone becomes a donor when a gift
 * succeeds, and e-mails match in any letter case.
 */
const dana = {
  frequency: 'one-time',
  firstName: 'Dana',
  lastName: 'Whitfield',
  email: 'dana.trust@example.org',
  phone: '(870) 555-0190',
  address: '12 Creek Road',
  city: 'Marshall',
  state: 'AR',
  zipCode: '72650',
};
const mallory = {
  ...dana,
  firstName: 'Mallory',
  lastName: 'Attacker',
  phone: '(666) 555-0666',
  address: '666 Attacker Ave',
  city: 'Elsewhere',
  state: 'TX',
  zipCode: '75001',
};

describe('trust rules of the public donation endpoints (API, worker and Stripe emulator)', () => {
  let stack: Stack;
  let stripe: Stripe;
  let admin: ReturnType<typeof authed>;
  beforeAll(async () => {
    stack = await startStack({ workers: 1 });
    stripe = createStripeClient(stack.env);
    admin = authed(stack, (await signIn(stack)).token);
  });
  afterAll(() => stack?.stop());
  // Every request comes from 127.0.0.1: fresh donation rate-limit counters for each test.
  beforeEach(async () => {
    const keys = await stack.redis.keys(`${stack.env.REDIS_PREFIX}:donate:*`);
    if (keys.length) await stack.redis.del(...keys);
  });

  const intent = (amount: number, donationData: object) =>
    request(stack.apiUrl).post('/api/create-payment-intent').send({ amount, donationData });
  const record = (body: object) => request(stack.apiUrl).post('/api/donation').send(body);
  const records = async () =>
    (await stack.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM donation_records`))[0].n;
  /** Every webhook the emulator owes has arrived and been projected. */
  const settled = async () => {
    for (let i = 0; i < 2; i++)
      await waitForProjection(stack, {
        timeoutMs: 30_000,
        predicate: async () => stack.emulator!.pendingWebhooks() === 0,
      });
  };
  const paidGift = async (amount: number, donor: object) => {
    const start = await intent(amount, donor).expect(200);
    await stripe.paymentIntents.confirm(start.body.paymentIntentId, { payment_method: 'pm_card_visa' });
    return start.body as { paymentIntentId: string; recordToken: string };
  };
  const customerOf = async (paymentIntentId: string) =>
    (await stripe.paymentIntents.retrieve(paymentIntentId)).customer as string;
  /**
   * The donor list once its summary (kept up to 5 s, DonorSummaryCache) agrees with the rows, which are never
   * cached: every listed donor fits on this one page, so the two must count the same.
   */
  const listed = async () => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const body = (await admin.get('/api/stripe/customers?pageSize=100').expect(200)).body as {
        summary: { activeCustomers: number; totalCustomers: number };
        customers: Array<{ id: string; email: string; donationStats: { totalDonated: number; donationCount: number } }>;
        total: number;
      };
      if (body.summary.totalCustomers === body.customers.length || Date.now() > deadline) return body;
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  describe('1. the public form never changes an existing donor', () => {
    it("an intent with a donor's e-mail and someone else's details, no card, leaves the donor as they were", async () => {
      const gift = await paidGift(5000, dana);
      const victim = await customerOf(gift.paymentIntentId);
      await settled();
      const before = {
        stripe: await stripe.customers.retrieve(victim),
        row: (await stack.db.query(`SELECT * FROM donors WHERE id = $1`, [victim]))[0],
      };
      expect(before.row).toMatchObject({ name: 'Dana Whitfield', address_line1: '12 Creek Road' });

      const attack = await intent(2500, mallory).expect(200);
      await settled();

      // The attempt is made on Dana's customer, which stays as it was; its details travel with it only.
      const pi = await stripe.paymentIntents.retrieve(attack.body.paymentIntentId);
      expect(pi.customer).toBe(victim);
      expect(await stripe.customers.retrieve(victim)).toEqual(before.stripe);
      expect((await stack.db.query(`SELECT * FROM donors WHERE id = $1`, [victim]))[0]).toEqual(before.row);
      expect(await stack.db.query(`SELECT id FROM stripe_events WHERE type = 'customer.updated'`)).toEqual([]);
      expect(pi.metadata).toMatchObject({
        donor_name: 'Mallory Attacker',
        donor_address: '666 Attacker Ave',
        donor_phone: mallory.phone,
      });
    });
  });

  describe('6. a donation record needs a succeeded payment and the browser that started it', () => {
    it('a made-up subscription for $999,999,999.99 is refused, with or without a token; nothing is written', async () => {
      const n = await records();
      const madeUp = { ...dana, frequency: 'monthly', amount: '999,999,999.99', subscriptionId: 'sub_madeup123' };
      const bare = await record(madeUp);
      expect(bare.status).toBe(400);
      expect(bare.body.message).toContain('recordToken is required');
      const guessed = await record({ ...madeUp, recordToken: randomBytes(32).toString('base64url') }).expect(403);
      expect(guessed.body.message).toBe(
        'This donation cannot be recorded: it does not match a payment started on this page.',
      );
      expect(await records()).toBe(n);
    });

    it("someone else's paid payment cannot be recorded without its token; with it, amount and donor come from Stripe", async () => {
      const gift = await paidGift(4200, { ...dana, email: 'dana.owner@example.org' });
      const n = await records();
      const hijack = { ...mallory, amount: '1', paymentIntentId: gift.paymentIntentId };
      expect((await record(hijack)).status).toBe(400);
      await record({ ...hijack, recordToken: randomBytes(32).toString('base64url') }).expect(403);
      expect(await records()).toBe(n);

      // The owner's browser: whatever its body says, the record is the payment's.
      const res = await record({ ...hijack, recordToken: gift.recordToken }).expect(201);
      const [row] = await stack.db.query(`SELECT * FROM donation_records WHERE id = $1`, [res.body.id]);
      expect(row).toMatchObject({
        payment_intent_id: gift.paymentIntentId,
        amount: '4200',
        frequency: 'one-time',
        first_name: 'Dana',
        last_name: 'Whitfield',
        email: 'dana.owner@example.org',
        phone: dana.phone,
        address: '12 Creek Road',
        city: 'Marshall',
        state: 'AR',
        zip_code: '72650',
        customer_id: await customerOf(gift.paymentIntentId),
      });
    });

    it("a recurring gift is recorded once its first invoice is paid, with the invoice's amount and PaymentIntent", async () => {
      const email = 'monthly.trust@example.org';
      const start = await intent(2000, { ...dana, email, frequency: 'monthly' }).expect(200);
      const body = {
        ...dana,
        email,
        frequency: 'monthly',
        amount: '5000',
        subscriptionId: start.body.subscriptionId,
        recordToken: start.body.recordToken,
      };
      const unpaid = await record(body).expect(400);
      expect(unpaid.body.message).toBe('That payment has not been completed.');

      const invoicePi = start.body.clientSecret.split('_secret_')[0];
      await stripe.paymentIntents.confirm(invoicePi, { payment_method: 'pm_card_visa' });
      const res = await record({ ...body, paymentIntentId: invoicePi }).expect(201);
      const [row] = await stack.db.query(`SELECT * FROM donation_records WHERE id = $1`, [res.body.id]);
      expect(row).toMatchObject({
        payment_intent_id: invoicePi,
        subscription_id: start.body.subscriptionId,
        amount: '2000',
        frequency: 'monthly',
        email,
      });
      expect((await record(body).expect(201)).body.id).toBe(res.body.id);
    });
  });

  describe('7. someone becomes a donor when a gift succeeds', () => {
    it('abandoned and declined attempts add no donor; a succeeded gift adds one, whatever the letter case of later gifts', async () => {
      await settled();
      const before = await listed();
      await intent(1500, { ...dana, email: 'walked.away@example.org' }).expect(200);
      const declined = await intent(1500, { ...dana, email: 'declined.card@example.org' }).expect(200);
      await expect(
        stripe.paymentIntents.confirm(declined.body.paymentIntentId, { payment_method: 'pm_card_chargeDeclined' }),
      ).rejects.toMatchObject({ statusCode: 402 });
      const first = await paidGift(3000, { ...dana, email: 'Case.Donor@Example.org' });
      await settled();
      await expect(stack.db.query(`SELECT count(*)::int AS n FROM charges WHERE status = 'failed'`)).resolves.toEqual([
        { n: 1 },
      ]);

      const after = await listed();
      const emails = after.customers.map((c) => c.email.toLowerCase());
      expect(emails).not.toContain('walked.away@example.org');
      expect(emails).not.toContain('declined.card@example.org');
      expect(emails.filter((e) => e === 'case.donor@example.org')).toHaveLength(1);
      expect(after.summary.totalCustomers).toBe(before.summary.totalCustomers + 1);
      expect(after.summary.activeCustomers).toBe(before.summary.activeCustomers + 1);
      expect(after.total).toBe(after.summary.totalCustomers);

      const second = await paidGift(2000, { ...dana, email: 'case.donor@EXAMPLE.ORG' });
      expect(await customerOf(second.paymentIntentId)).toBe(await customerOf(first.paymentIntentId));
      await settled();
      const again = await listed();
      expect(again.summary.totalCustomers).toBe(after.summary.totalCustomers);
      const donor = again.customers.filter((c) => c.email.toLowerCase() === 'case.donor@example.org');
      expect(donor).toEqual([
        expect.objectContaining({
          email: 'Case.Donor@Example.org',
          donationStats: { totalDonated: 50, donationCount: 2 },
        }),
      ]);
    });

    it('a manual gift makes the customer of an abandoned attempt a donor; a donor the admin creates is listed at once', async () => {
      const start = await intent(1500, { ...dana, email: 'pays.cash@example.org' }).expect(200);
      const customer = await customerOf(start.body.paymentIntentId);
      await settled();
      const before = await listed();
      expect(before.customers.map((c) => c.id)).not.toContain(customer);

      await admin
        .post('/api/admin/manual-donations')
        .send({
          stripeCustomerId: customer,
          donorName: 'Dana Whitfield',
          amount: '25.00',
          donationType: 'cash',
          donationDate: new Date().toISOString(),
        })
        .expect(201);
      const created = await admin
        .post('/api/stripe/customers')
        .send({ name: 'Added By Admin', email: 'added.by.admin@example.org' })
        .expect(201);
      const after = await listed();
      expect(after.summary.totalCustomers).toBe(before.summary.totalCustomers + 2);
      expect(after.customers.find((c) => c.id === customer)).toMatchObject({
        donationStats: { totalDonated: 25, donationCount: 1 },
      });
      expect(after.customers.find((c) => c.id === created.body.id)).toMatchObject({
        donationStats: { totalDonated: 0, donationCount: 0 },
      });
    });
  });

  // Last: it stops the emulator.
  it('6. when Stripe cannot be reached at record time the answer is 503 and nothing is written', async () => {
    const gift = await paidGift(4400, { ...dana, email: 'offline.record@example.org' });
    const n = await records();
    await stack.emulator!.stop();
    const res = await record({
      ...dana,
      amount: '44',
      paymentIntentId: gift.paymentIntentId,
      recordToken: gift.recordToken,
    }).expect(503);
    expect(res.body).toMatchObject({
      message:
        'We could not confirm the payment with the payment provider just now, so the donation was not recorded. Please try again in a moment.',
    });
    expect(await records()).toBe(n);
  });
});
