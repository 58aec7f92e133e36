import request from 'supertest';
import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { authed, signIn } from '../helpers/admin.js';
import { waitForProjection } from '../helpers/events.js';
import { startStack, type Stack } from '../helpers/stack.js';
import {
  expectedAnalytics,
  expectedDonors,
  loadFailedCharges,
  loadMoney,
  loadGifts,
  localDay,
  sortByName,
} from '../helpers/admin-api-expected.js';

/**
 * The dashboard calls over gifts made the real way: donors created through the API, cards charged and refunded
 * on the Stripe emulator through the SDK, webhooks signed and delivered to our endpoint, projected by the worker;
 * manual gifts added through the API. Every number is checked against a computation from the raw rows.
 */
const TZ = 'America/Chicago';
let stack: Stack;
let api: ReturnType<typeof authed>;
let stripe: Stripe;
const ids: Record<string, string> = {};

async function settle() {
  await stack.emulator!.flushWebhooks(20000);
  await waitForProjection(stack);
}

async function give(customer: string | undefined, amount: number, pm: string, metadata: Record<string, string> = {}) {
  return stripe.paymentIntents.create({
    amount,
    currency: 'usd',
    customer,
    payment_method: pm,
    confirm: true,
    metadata,
    allowed_payment_method_types: ['card'],
  });
}

beforeAll(async () => {
  stack = await startStack({ env: { TIME_ZONE: TZ } });
  api = authed(stack, (await signIn(stack)).token);
  stripe = createStripeClient(stack.env, { maxNetworkRetries: 0 });
});
afterAll(() => stack?.stop());

describe('donors written through Stripe', () => {
  it('creates a donor in Stripe and shows it at once (read-your-writes)', async () => {
    const res = await api
      .post('/api/stripe/customers')
      .send({
        name: 'Alice Able',
        email: 'alice@example.org',
        phone: '+1 870 555 0101',
        address: '12 Oak St, Marshall AR',
      });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Alice Able',
      email: 'alice@example.org',
      phone: '+1 870 555 0101',
      address: { line1: '12 Oak St, Marshall AR' },
      donationStats: { totalDonated: 0, donationCount: 0, averageDonation: 0 },
      paymentMethods: [],
    });
    ids.alice = res.body.id;
    const inStripe = await stripe.customers.retrieve(ids.alice);
    expect(inStripe).toMatchObject({ name: 'Alice Able', address: { line1: '12 Oak St, Marshall AR' } });
    expect((await api.get(`/api/stripe/customer/${ids.alice}`)).body.created).toBe(
      (inStripe as Stripe.Customer).created,
    );
    for (const [key, name] of [
      ['bob', 'Bob Baker'],
      ['cara', 'Cara Cole'],
    ]) {
      ids[key] = (
        await api
          .post('/api/stripe/customers')
          .send({ name, email: `${key}@example.org` })
          .expect(201)
      ).body.id;
    }
    // The customer.created webhooks that follow change nothing we wrote.
    await settle();
    const [row] = await stack.db.query(
      `SELECT name, email, phone, address_line1, deleted_at FROM donors WHERE id = $1`,
      [ids.alice],
    );
    expect(row).toEqual({
      name: 'Alice Able',
      email: 'alice@example.org',
      phone: '+1 870 555 0101',
      address_line1: '12 Oak St, Marshall AR',
      deleted_at: null,
    });
    const audit = await stack.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'donor.created'`);
    expect(audit[0].n).toBe(3);
  });

  it('refuses an invalid donor with 400 {error} and writes nothing', async () => {
    const before = await stack.db.query(`SELECT count(*)::int AS n FROM donors`);
    for (const body of [
      { email: 'x@example.org' },
      { name: 'X', email: 'not-an-email' },
      { name: '', email: 'x@example.org' },
    ]) {
      const res = await api.post('/api/stripe/customers').send(body);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    expect(await stack.db.query(`SELECT count(*)::int AS n FROM donors`)).toEqual(before);
  });
});

describe('gifts through the emulator and manual gifts', () => {
  beforeAll(async () => {
    // Alice keeps her cards on file (attached), the others pay with one-off cards.
    const visa = await stripe.paymentMethods.attach('pm_card_visa', { customer: ids.alice });
    const mastercard = await stripe.paymentMethods.attach('pm_card_mastercard', { customer: ids.alice });
    await give(ids.alice, 2500, visa.id, { frequency: 'one-time' });
    await give(ids.alice, 30000, mastercard.id, { frequency: 'monthly' });
    const bobGift = await give(ids.bob, 10000, 'pm_card_amex');
    const bobFull = await give(ids.bob, 5000, 'pm_card_visa');
    await give(ids.cara, 7500, 'pm_card_discover', { frequency: 'annual' });
    await give(ids.cara, 4000, 'pm_card_chargeDeclined').catch(() => undefined);
    await give(undefined, 1000, 'pm_card_visa');
    await stripe.refunds.create({ payment_intent: bobGift.id, amount: 4000 });
    await stripe.refunds.create({ payment_intent: bobFull.id });
    await settle();
    await stack.db.query(`SELECT 1`);
    const today = localDay(new Date(), TZ);
    const manual = [
      {
        stripeCustomerId: ids.alice,
        donorName: 'Alice Able',
        amount: '1,250.00',
        donationType: 'check',
        donationDate: today,
        notes: 'Check #77',
      },
      { donorName: 'Walk-in Donor', amount: '40', donationType: 'cash', donationDate: today },
      {
        stripeCustomerId: ids.bob,
        donorName: 'Bob Baker',
        donorEmail: '',
        amount: '300.5',
        donationType: 'stock',
        donationDate: new Date(Date.now() - 40 * 86400_000).toISOString(),
        giftDescription: '3 shares of ACME',
      },
    ];
    for (const body of manual) await api.post('/api/admin/manual-donations').send(body).expect(201);
  });

  it('projects every charge with its refunds', async () => {
    const charges = await stack.db.query(
      `SELECT customer_id, amount, amount_refunded, status FROM charges ORDER BY amount`,
    );
    expect(charges).toHaveLength(7);
    expect(charges.filter((c) => c.status === 'failed')).toHaveLength(1);
    expect(charges.find((c) => Number(c.amount) === 10000)!.amount_refunded).toBe('4000');
  });

  it('analytics matches the raw rows', async () => {
    const res = await api.get('/api/stripe/analytics').expect(200);
    const gifts = await loadGifts(stack.db);
    const expected = expectedAnalytics(
      gifts,
      TZ,
      await loadFailedCharges(stack.db),
      new Date(),
      await loadMoney(stack.db),
    );
    expect(res.body.overview).toEqual(expected.overview);
    // Cards 25 + 300 + (100 - 40) + (50 - 50) + 75 + 10 = 470; manual 1250 + 40 + 300.50 = 1590.50.
    expect(res.body.overview.totalAmount).toBe(2060.5);
    expect(res.body.overview.totalDonations).toBe(9);
    expect(res.body.charts.monthlyTrends).toEqual(expected.monthlyTrends);
    expect(res.body.charts.dailyTrends).toEqual(expected.dailyTrends);
    expect(res.body.charts.dailyTrends).toHaveLength(30);
    expect(sortByName(res.body.charts.frequencyBreakdown)).toEqual(expected.frequencyBreakdown);
    expect(sortByName(res.body.charts.paymentMethods)).toEqual(expected.paymentMethods);
    expect(res.body.charts.paymentMethods.map((p: { name: string }) => p.name).sort()).toEqual([
      'amex',
      'discover',
      'mastercard',
      'visa',
    ]);

    const recent = res.body.recentTransactions;
    expect(recent).toHaveLength(7 + 3);
    const created = recent.map((t: { created: number }) => t.created);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const check = recent.find((t: { donation_type: string }) => t.donation_type === 'check');
    expect(check).toMatchObject({
      type: 'manual',
      amount: 125000,
      status: 'succeeded',
      requires_irs_receipt: true,
      billing_details: { name: 'Alice Able' },
      card: null,
    });
    expect(check.manual_donation_id).toBe(check.id);
    const cash = recent.find((t: { donation_type: string }) => t.donation_type === 'cash');
    expect(cash.requires_irs_receipt).toBe(false);
    const amex = recent.find((t: { card: { brand: string } | null }) => t.card?.brand === 'amex');
    expect(amex).toMatchObject({
      type: 'card',
      amount: 10000,
      amount_refunded: 4000,
      status: 'partially_refunded',
      manual_donation_id: null,
      billing_details: { name: 'Bob Baker', email: 'bob@example.org' },
    });
    expect(amex.receipt_url).toMatch(/^https?:\/\//);
    expect(recent.find((t: { amount: number; type: string }) => t.amount === 5000 && t.type === 'card').status).toBe(
      'refunded',
    );
    expect(recent.filter((t: { status: string }) => t.status === 'failed')).toHaveLength(1);
  });

  it('the donor list and profiles match the raw rows', async () => {
    const gifts = await loadGifts(stack.db);
    const expected = await expectedDonors(stack.db, gifts);
    const res = await api.get('/api/stripe/customers').expect(200);
    expect(res.body.summary).toEqual(expected.summary);
    expect(res.body.summary).toEqual({ activeCustomers: 3, totalCustomers: 3, totalLifetimeValue: 2010.5 }); // less the guest card gift and the walk-in
    expect(res.body).toMatchObject({ page: 1, pageSize: 50, total: 3 });
    // Newest first; donors created in the same second fall back to id order.
    const newestFirst = (
      await stack.db.query(`SELECT id FROM donors WHERE deleted_at IS NULL ORDER BY created DESC, id DESC`)
    ).map((r) => r.id);
    expect(res.body.customers.map((c: { id: string }) => c.id)).toEqual(newestFirst);
    expect(res.body.customers.map((c: { name: string }) => c.name).sort()).toEqual([
      'Alice Able',
      'Bob Baker',
      'Cara Cole',
    ]);
    for (const c of res.body.customers) {
      const { averageDonation: _, ...stats } = expected.stats(c.id);
      expect(c.donationStats).toEqual(stats);
    }
    const alice = res.body.customers.find((c: { id: string }) => c.id === ids.alice);
    expect(alice).toMatchObject({
      email: 'alice@example.org',
      phone: '+1 870 555 0101',
      address: { line1: '12 Oak St, Marshall AR', city: null, state: null },
    });
    expect(alice.paymentMethods.map((p: { card: { brand: string } }) => p.card.brand).sort()).toEqual([
      'mastercard',
      'visa',
    ]);
    const onFile = await stack.db.query(
      `SELECT id, brand, last4 FROM payment_methods WHERE customer_id = $1 AND detached_at IS NULL`,
      [ids.alice],
    );
    expect(
      sortByName(
        alice.paymentMethods.map((p: { id: string; card: { brand: string; last4: string } }) => ({
          name: p.id,
          ...p.card,
        })),
      ),
    ).toEqual(sortByName(onFile.map((p) => ({ name: p.id, brand: p.brand, last4: p.last4 }))));
    expect(alice.paymentMethods.map((p: { card: { last4: string } }) => p.card.last4).sort()).toEqual(['4242', '4444']);

    const profile = await api.get(`/api/stripe/customer/${ids.bob}`).expect(200);
    expect(profile.body.donationStats).toEqual(expected.stats(ids.bob));
    expect(profile.body.donationStats).toEqual({ totalDonated: 360.5, donationCount: 3, averageDonation: 120.17 });
    expect(profile.body.address).toEqual({ line1: null, line2: null, city: null, state: null, postal_code: null });
  });

  it('pages and searches donors', async () => {
    const p2 = await api.get('/api/stripe/customers?page=2&pageSize=2').expect(200);
    expect(p2.body).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    const p1 = await api.get('/api/stripe/customers?page=1&pageSize=2').expect(200);
    const all = await api.get('/api/stripe/customers').expect(200);
    expect([...p1.body.customers, ...p2.body.customers].map((c: { id: string }) => c.id)).toEqual(
      all.body.customers.map((c: { id: string }) => c.id),
    );
    expect(p2.body.customers).toHaveLength(1);
    const q = await api.get('/api/stripe/customers?q=BOB@exa').expect(200);
    expect(q.body.customers.map((c: { name: string }) => c.name)).toEqual(['Bob Baker']);
    expect(q.body.total).toBe(1);
    expect(q.body.summary.totalCustomers).toBe(3);
    expect((await api.get('/api/stripe/customers?q=%25').expect(200)).body.total).toBe(0);
    for (const bad of ['pageSize=101', 'page=0', 'page=abc', 'sort=name']) {
      const res = await api.get(`/api/stripe/customers?${bad}`);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });

  it("a donor's transactions: the union, filtered by local days", async () => {
    const all = await api.get(`/api/stripe/customer/${ids.bob}/transactions`).expect(200);
    const gifts = await stack.db.query(
      `SELECT id FROM charges WHERE customer_id = $1 UNION ALL SELECT id::text FROM manual_donations WHERE stripe_customer_id = $1`,
      [ids.bob],
    );
    expect(all.body.map((t: { id: string }) => t.id).sort()).toEqual(gifts.map((g) => g.id).sort());
    const amex = all.body.find((t: { card: { brand: string } | null }) => t.card?.brand === 'amex');
    expect(amex.payment_method).toEqual({ card: amex.card });
    const stock = all.body.find((t: { type: string }) => t.type === 'manual');
    expect(stock).toMatchObject({
      amount: 30050,
      donation_type: 'stock',
      requires_irs_receipt: true,
      payment_method: { card: null },
    });

    const week = await api.get(`/api/stripe/customer/${ids.bob}/transactions?timeframe=last-7-days`).expect(200);
    expect(week.body).toHaveLength(2);
    const month = await api.get(`/api/stripe/customer/${ids.bob}/transactions?timeframe=last-30-days`).expect(200);
    expect(month.body).toHaveLength(2);
    const quarter = await api.get(`/api/stripe/customer/${ids.bob}/transactions?timeframe=last-3-months`).expect(200);
    expect(quarter.body).toHaveLength(3);
    const stockDay = localDay(new Date(stock.created * 1000), TZ);
    const custom = await api
      .get(`/api/stripe/customer/${ids.bob}/transactions?start_date=${stockDay}&end_date=${stockDay}`)
      .expect(200);
    expect(custom.body.map((t: { id: string }) => t.id)).toEqual([stock.id]);

    for (const [query, message] of [
      [
        'timeframe=yesterday',
        'timeframe must be one of all, last-7-days, last-30-days, last-3-months, last-year, custom',
      ],
      ['start_date=2026-01-01', 'start_date and end_date must be given together'],
      ['start_date=2026-13-01&end_date=2026-12-31', 'start_date is not a real date: 2026-13-01'],
      ['start_date=2026-02-01&end_date=2026-01-01', 'start_date must be on or before end_date'],
      ['start_date=01/02/2026&end_date=2026-01-01', 'start_date must be a date in the form YYYY-MM-DD'],
    ]) {
      const res = await api.get(`/api/stripe/customer/${ids.bob}/transactions?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect((await api.get('/api/stripe/customer/cus_nobody/transactions')).status).toBe(404);
  });

  it('lists recent payment intents from the read model', async () => {
    const res = await api.get('/api/stripe/payment-intents').expect(200);
    const rows = await stack.db.query(`SELECT id FROM payment_intents`);
    expect(res.body.data.map((p: { id: string }) => p.id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(res.body.data[0]).toMatchObject({
      id: expect.stringMatching(/^pi_/),
      amount: expect.any(Number),
      status: expect.any(String),
      created: expect.any(Number),
    });
  });
});

describe('manual donations', () => {
  const valid = { donorName: 'Dora Dean', amount: '25.00', donationType: 'cash', donationDate: '2025-05-05' };

  it.each([
    [{ ...valid, donorName: '' }, 'Donor name is required'],
    [{ ...valid, donorName: '   ' }, 'Donor name is required'],
    [{ ...valid, donorName: undefined }, 'Donor name is required'],
    [{ ...valid, donorEmail: 'nope' }, 'Enter a valid email address or leave it empty'],
    [{ ...valid, amount: '12,34' }, 'Enter a valid amount (e.g., 25.00 or 1,250.00)'],
    [{ ...valid, amount: '0.00' }, 'Enter a valid amount (e.g., 25.00 or 1,250.00)'],
    [{ ...valid, amount: '10,000,000.00' }, 'Enter a valid amount (e.g., 25.00 or 1,250.00)'],
    [{ ...valid, amount: '1.999' }, 'Enter a valid amount (e.g., 25.00 or 1,250.00)'],
    [{ ...valid, donationType: 'gold' }, 'Donation type must be one of cash, check, stock, item, crypto, other'],
    [{ ...valid, donationDate: '' }, 'Donation date is required'],
    [{ ...valid, donationDate: undefined }, 'Donation date is required'],
    [{ ...valid, amount: undefined }, 'Enter a valid amount (e.g., 25.00 or 1,250.00)'],
    [{ ...valid, donorName: 'x'.repeat(201) }, 'Donor name must be at most 200 characters'],
    [{ ...valid, donationDate: '2999-01-01' }, 'Donation date cannot be in the future'],
    [{ ...valid, stripeCustomerId: 'cus_doesnotexist' }, 'Unknown donor: cus_doesnotexist'],
    [{ ...valid, extra: 1 }, 'property extra should not exist'],
  ])('refuses %j', async (body, message) => {
    const before = await stack.db.query(`SELECT count(*)::int AS n FROM manual_donations`);
    const res = await api.post('/api/admin/manual-donations').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message, message });
    expect(await stack.db.query(`SELECT count(*)::int AS n FROM manual_donations`)).toEqual(before);
  });

  it('records a gift with its receipt flag and takes it back out of every total on delete', async () => {
    const before = await api.get('/api/stripe/analytics').expect(200);
    const created = await api
      .post('/api/admin/manual-donations')
      .send({
        ...valid,
        stripeCustomerId: ids.cara,
        amount: '9,999,999.99',
        donationType: 'crypto',
        giftDescription: '120 BTC',
      });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      amount: 9999999.99,
      amountCents: 999999999,
      donorName: 'Dora Dean',
      donationType: 'crypto',
      requires_irs_receipt: true,
      stripeCustomerId: ids.cara,
      donationDate: '2025-05-05T17:00:00.000Z',
    });
    const small = await api
      .post('/api/admin/manual-donations')
      .send({ ...valid, amount: '249.99' })
      .expect(201);
    expect(small.body.requires_irs_receipt).toBe(false);
    const exact = await api
      .post('/api/admin/manual-donations')
      .send({ ...valid, amount: '250' })
      .expect(201);
    expect(exact.body.requires_irs_receipt).toBe(true);

    const mid = await api.get('/api/stripe/analytics').expect(200);
    expect(mid.body.overview).toEqual(
      expectedAnalytics(
        await loadGifts(stack.db),
        TZ,
        await loadFailedCharges(stack.db),
        new Date(),
        await loadMoney(stack.db),
      ).overview,
    );
    expect(Math.round(mid.body.overview.totalAmount * 100)).toBe(
      Math.round(before.body.overview.totalAmount * 100) + 999999999 + 24999 + 25000,
    );

    for (const id of [created.body.id, small.body.id, exact.body.id]) {
      expect((await api.delete(`/api/admin/manual-donations/${id}`)).body).toEqual({ id, deleted: true });
    }
    const after = await api.get('/api/stripe/analytics').expect(200);
    expect(after.body.overview).toEqual(before.body.overview);
    expect(after.body.charts).toEqual(before.body.charts);
    const cara = await api.get(`/api/stripe/customer/${ids.cara}`).expect(200);
    expect(cara.body.donationStats).toEqual(
      (await expectedDonors(stack.db, await loadGifts(stack.db))).stats(ids.cara),
    );

    const again = await api.delete(`/api/admin/manual-donations/${created.body.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('Manual donation not found');
    expect((await api.delete('/api/admin/manual-donations/123')).status).toBe(400);
    const audit = await stack.db.query(
      `SELECT action, count(*)::int AS n FROM audit_log WHERE action LIKE 'manual_donation.%' GROUP BY action ORDER BY action`,
    );
    expect(audit).toEqual([
      { action: 'manual_donation.created', n: 6 },
      { action: 'manual_donation.deleted', n: 3 },
    ]);
  });
});

describe('deleting a donor', () => {
  it('deletes in Stripe, tombstones here, keeps the history for taxes', async () => {
    const res = await api.delete(`/api/stripe/customer/${ids.cara}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: ids.cara, deleted: true });
    await expect(stripe.customers.retrieve(ids.cara)).resolves.toMatchObject({ deleted: true });
    const profile = await api.get(`/api/stripe/customer/${ids.cara}`);
    expect(profile.status).toBe(404);
    expect(profile.body.error).toMatch(/Customer not found/);
    const list = await api.get('/api/stripe/customers').expect(200);
    expect(list.body.customers.map((c: { id: string }) => c.id)).not.toContain(ids.cara);
    expect(list.body.summary).toEqual((await expectedDonors(stack.db, await loadGifts(stack.db))).summary);
    expect(list.body.summary.totalCustomers).toBe(2);
    await settle();
    expect(
      (await stack.db.query(`SELECT deleted_at FROM donors WHERE id = $1`, [ids.cara]))[0].deleted_at,
    ).not.toBeNull();
    const year = localDay(new Date(), TZ).slice(0, 4);
    const csv = await api.get(`/api/admin/tax-exports/bulk-report/${year}`).expect(200);
    expect(csv.text).toContain('Cara Cole');
    expect((await api.delete(`/api/stripe/customer/${ids.cara}`)).status).toBe(404);
    expect((await stack.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'donor.deleted'`))[0].n).toBe(
      1,
    );
  });

  it('answers 502 and writes nothing when Stripe is unreachable', async () => {
    const offline = await startStack({ emulator: false, workers: 0, env: { STRIPE_API_BASE: 'http://127.0.0.1:9' } });
    try {
      const client = authed(offline, (await signIn(offline)).token);
      const res = await client.post('/api/stripe/customers').send({ name: 'Nobody', email: 'n@example.org' });
      expect(res.status).toBe(502);
      expect(res.body.error).toMatch(/Could not create the donor/);
      expect(await offline.db.query(`SELECT count(*)::int AS n FROM donors`)).toEqual([{ n: 0 }]);
      await offline.db.query(`INSERT INTO donors (id, name, created) VALUES ('cus_keep', 'Keep', now())`);
      expect((await client.delete('/api/stripe/customer/cus_keep')).status).toBe(502);
      expect((await offline.db.query(`SELECT deleted_at FROM donors WHERE id = 'cus_keep'`))[0].deleted_at).toBeNull();
    } finally {
      await offline.stop();
    }
  });

  it('every admin call needs a session', async () => {
    for (const path of [
      '/api/stripe/analytics',
      '/api/stripe/customers',
      `/api/stripe/customer/${ids.alice}`,
      '/api/stripe/payment-intents',
    ]) {
      expect((await request(stack.apiUrl).get(path)).status).toBe(401);
    }
    expect((await request(stack.apiUrl).post('/api/admin/manual-donations').send({})).status).toBe(401);
  });
});
