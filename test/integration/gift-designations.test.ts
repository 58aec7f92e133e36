import request from 'supertest';
import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { acknowledgmentsOnSince } from '../helpers/donor-mail.js';
import { authed, createAdmin, signIn } from '../helpers/admin.js';
import { waitUntil } from '../helpers/faults.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * Funds, "cover the fees" and tribute gifts through the real API, the emulator and an in-process worker: what
 * is charged is computed by the server from the configured card fee, the split and the designation travel in
 * the payment's metadata and are projected onto the charge, the ledger keeps fee coverage apart and filters by
 * fund, a tribute's notice is queued once with the acknowledgment, and the thank-you's receipt call answers
 * only the page holding the record token.
 */
const donor = {
  amount: '50',
  frequency: 'one-time',
  firstName: 'Rosa',
  lastName: 'Fields',
  email: 'rosa.fields@example.org',
  phone: '',
  address: '4 Mill Street',
  city: 'Marshall',
  state: 'AR',
  zipCode: '72650',
};

describe('gift designations: funds, fee coverage and tributes', () => {
  let stack: Stack;
  let stripe: Stripe;
  let owner: string;
  let bookkeeper: string;
  let transportation: number;

  beforeAll(async () => {
    stack = await startStack();
    stripe = createStripeClient(stack.env);
    await acknowledgmentsOnSince(stack.db, new Date(Date.now() - 60_000));
    owner = (await signIn(stack)).token;
    bookkeeper = (await signIn(stack, await createAdmin(stack, { email: 'books@example.org', role: 'bookkeeper' })))
      .token;
  }, 60_000);
  afterAll(() => stack?.stop());

  const intent = (body: unknown) =>
    request(stack.apiUrl)
      .post('/api/create-payment-intent')
      .send(body as object);

  it('owners define funds (audited); bookkeepers read them; the donate page is offered the open ones and the card and bank fees', async () => {
    const created = await authed(stack, owner)
      .post('/api/admin/funds')
      .send({ name: 'Transportation', description: 'The accessible van' })
      .expect(201);
    transportation = created.body.id;
    await authed(stack, owner).post('/api/admin/funds').send({ name: ' transportation ' }).expect(409);
    const old = await authed(stack, owner).post('/api/admin/funds').send({ name: 'Old Roof' }).expect(201);
    await authed(stack, owner).patch(`/api/admin/funds/${old.body.id}`).send({ archived: true }).expect(200);
    await authed(stack, owner).patch('/api/admin/funds/1').send({ archived: true }).expect(400);
    await authed(stack, bookkeeper).post('/api/admin/funds').send({ name: 'Scholarships' }).expect(403);
    expect(
      (await authed(stack, bookkeeper).get('/api/admin/funds').expect(200)).body.map((f: { name: string }) => f.name),
    ).toEqual(['General', 'Old Roof', 'Transportation']);

    const options = await request(stack.apiUrl).get('/api/donation-options').expect(200);
    expect(options.body).toEqual({
      funds: [
        { id: 1, name: 'General', description: 'Where the school needs it most', archived: false },
        { id: transportation, name: 'Transportation', description: 'The accessible van', archived: false },
      ],
      cardFee: { basisPoints: 290, fixedCents: 30 },
      bankFee: { basisPoints: 80, capCents: 500 },
    });
    const audit = await stack.db.query(`SELECT action, details FROM audit_log WHERE action LIKE 'fund.%' ORDER BY id`);
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['fund.created', 'fund.created', 'fund.updated']);
    // An archived fund is not offered: a payment to it is refused before Stripe is asked.
    const refused = await intent({ amount: 5000, donationData: { ...donor, fundId: old.body.id } }).expect(400);
    expect(refused.body.message).toBe('fundId must be one of the funds offered');
  });

  it('$50 with the fees covered charges $51.80 and the read model keeps $50 and $1.80 apart', async () => {
    const res = await intent({ amount: 5000, donationData: { ...donor, coverFees: true } }).expect(200);
    expect(res.body.chargedCents).toBe(5180);
    const pi = await stripe.paymentIntents.retrieve(res.body.paymentIntentId);
    expect(pi.amount).toBe(5180);
    expect(pi.metadata).toMatchObject({ fund_id: '1', gift_cents: '5000', fee_coverage_cents: '180' });
    // The receipt call before the gift exists: pending; with another token: refused.
    const ref = { paymentIntentId: pi.id, recordToken: res.body.recordToken };
    await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' });
    await waitUntil(
      async () =>
        (await stack.db.query(`SELECT 1 FROM charges WHERE payment_intent_id = $1 AND status = 'succeeded'`, [pi.id]))
          .length > 0,
      { timeoutMs: 20_000 },
    );
    const [charge] = await stack.db.query(
      `SELECT id, amount, fee_coverage, fund_id FROM charges WHERE payment_intent_id = $1`,
      [pi.id],
    );
    expect(charge).toMatchObject({ amount: '5180', fee_coverage: '180', fund_id: 1 });
    await request(stack.apiUrl)
      .post('/api/donation/receipt')
      .send({ ...ref, recordToken: 'A'.repeat(43) })
      .expect(403);
    let receipt: { status: string; receiptNumber: string | null } = { status: 'pending', receiptNumber: null };
    await waitUntil(
      async () => {
        receipt = (await request(stack.apiUrl).post('/api/donation/receipt').send(ref).expect(200)).body;
        return receipt.status === 'acknowledged';
      },
      { timeoutMs: 20_000 },
    );
    expect(receipt.receiptNumber).toMatch(/^\d{4}-000001$/);

    const ledger = await authed(stack, bookkeeper).get('/api/stripe/transactions').expect(200);
    expect(ledger.body.totals).toMatchObject({ count: 1, netCents: 5180, feeCoverageCents: 180 });
    expect(ledger.body.data[0]).toMatchObject({
      amount: 5180,
      fee_coverage: 180,
      fund: { id: 1, name: 'General' },
      tribute: null,
    });
  });

  it('a $25 monthly gift to Transportation in memory of a name: plan, fund, tribute and one notice', async () => {
    const res = await intent({
      amount: 2500,
      donationData: {
        ...donor,
        frequency: 'monthly',
        email: 'monthly.giver@example.org',
        fundId: String(transportation),
        tributeKind: 'memory',
        tributeName: 'Grace Hopper',
        tributeEmail: 'hopper.family@example.org',
        tributeAddress: '7 Navy Yard, Arlington VA',
        tributeShowAmount: false,
      },
    }).expect(200);
    expect(res.body.chargedCents).toBe(2500);
    const sub = await stripe.subscriptions.retrieve(res.body.subscriptionId);
    expect(sub.metadata).toMatchObject({
      fund_id: String(transportation),
      tribute_kind: 'memory',
      donor_tribute_name: 'Grace Hopper',
      donor_tribute_email: 'hopper.family@example.org',
    });
    await stripe.paymentIntents.confirm(res.body.clientSecret.split('_secret_')[0], { payment_method: 'pm_card_visa' });
    await waitUntil(
      async () =>
        (
          await stack.db.query(`SELECT 1 FROM charges WHERE subscription_id = $1 AND tribute_name IS NOT NULL`, [
            sub.id,
          ])
        ).length > 0,
      { timeoutMs: 20_000 },
    );
    await waitUntil(
      async () => (await stack.db.query(`SELECT 1 FROM outbound_mail WHERE kind = 'tribute'`)).length > 0,
      { timeoutMs: 20_000 },
    );
    expect(
      await stack.db.query(`SELECT kind, subject_key, recipient FROM outbound_mail WHERE kind = 'tribute'`),
    ).toEqual([{ kind: 'tribute', subject_key: `card:${sub.id}`, recipient: 'hopper.family@example.org' }]);

    const filtered = await authed(stack, bookkeeper).get(`/api/stripe/transactions?fund=${transportation}`).expect(200);
    expect(filtered.body.totals).toMatchObject({ count: 1, netCents: 2500, feeCoverageCents: 0 });
    expect(filtered.body.data[0]).toMatchObject({
      frequency: 'monthly',
      fund: { name: 'Transportation' },
      tribute: 'In memory of Grace Hopper',
      tribute_mail_to: '7 Navy Yard, Arlington VA',
    });
    const csv = await authed(stack, bookkeeper)
      .get(`/api/stripe/transactions/export?fund=${transportation}`)
      .expect(200);
    expect(csv.text.split('\n')[0]).toContain('Fund,Fee Coverage,Tribute');
    expect(csv.text).toContain('Transportation,0.00,In memory of Grace Hopper');
    await authed(stack, bookkeeper).get('/api/stripe/transactions?fund=abc').expect(400);

    // Gifts by Fund: the $50 with its $1.80 kept apart, and the plan's first $25 to Transportation.
    const byFund = await authed(stack, bookkeeper).get('/api/stripe/funds/totals').expect(200);
    expect(byFund.body).toEqual([
      { fundId: 1, name: 'General', archived: false, gifts: 1, toFundCents: 5000, feeCoverageCents: 180 },
      { fundId: expect.any(Number), name: 'Old Roof', archived: true, gifts: 0, toFundCents: 0, feeCoverageCents: 0 },
      {
        fundId: transportation,
        name: 'Transportation',
        archived: false,
        gifts: 1,
        toFundCents: 2500,
        feeCoverageCents: 0,
      },
    ]);
    await authed(stack, bookkeeper).get('/api/stripe/funds/totals?start_date=2026-02-30').expect(400);
  });

  it('covers the fees of a recurring gift: the plan charges the gross and each charge keeps the split', async () => {
    const res = await intent({
      amount: 2500,
      donationData: { ...donor, frequency: 'monthly', email: 'covered.monthly@example.org', coverFees: true },
    }).expect(200);
    expect(res.body.chargedCents).toBe(2606);
    const sub = await stripe.subscriptions.retrieve(res.body.subscriptionId);
    expect(sub.items.data[0].price.unit_amount).toBe(2606);
    expect(sub.metadata).toMatchObject({ gift_cents: '2500', fee_coverage_cents: '106' });
    await stripe.paymentIntents.confirm(res.body.clientSecret.split('_secret_')[0], { payment_method: 'pm_card_visa' });
    await waitUntil(
      async () =>
        (await stack.db.query(`SELECT 1 FROM charges WHERE subscription_id = $1 AND fee_coverage = 106`, [sub.id]))
          .length === 1,
      { timeoutMs: 20_000 },
    );
  });

  it('covers the bank fee when the donor pays by US bank account: $1,000 charges $1,005.00, $50 charges $50.40', async () => {
    const keys = await stack.redis.keys(`${stack.env.REDIS_PREFIX}:donate:*`);
    if (keys.length) await stack.redis.del(...keys);
    const res = await intent({
      amount: 100_000,
      paymentMethodType: 'us_bank_account',
      donationData: { ...donor, email: 'bank.giver@example.org', coverFees: true },
    }).expect(200);
    expect(res.body.chargedCents).toBe(100_500);
    const pi = await stripe.paymentIntents.retrieve(res.body.paymentIntentId);
    expect(pi.amount).toBe(100_500);
    expect(pi.metadata).toMatchObject({ fund_id: '1', gift_cents: '100000', fee_coverage_cents: '500' });
    const fifty = await intent({
      amount: 5000,
      paymentMethodType: 'us_bank_account',
      donationData: { ...donor, email: 'bank.giver@example.org', coverFees: true },
    }).expect(200);
    expect(fifty.body.chargedCents).toBe(5040);
    // The card stays the default, said or not; without the checkbox the method changes nothing.
    expect(
      (
        await intent({
          amount: 5000,
          paymentMethodType: 'card',
          donationData: { ...donor, email: 'card.giver@example.org', coverFees: true },
        }).expect(200)
      ).body.chargedCents,
    ).toBe(5180);
    expect(
      (
        await intent({
          amount: 5000,
          paymentMethodType: 'us_bank_account',
          donationData: { ...donor, email: 'card.giver@example.org' },
        }).expect(200)
      ).body.chargedCents,
    ).toBe(5000);
    const odd = await intent({
      amount: 5000,
      paymentMethodType: 'paypal',
      donationData: { ...donor, coverFees: true },
    }).expect(400);
    expect(JSON.stringify(odd.body)).toContain('paymentMethodType must be one of: card, us_bank_account');
  });

  it('takes the kind alone as no tribute, and refuses a missing name when whom to tell is given, and a bad notify address', async () => {
    const keys = await stack.redis.keys(`${stack.env.REDIS_PREFIX}:donate:*`);
    if (keys.length) await stack.redis.del(...keys);
    // The form always sends the kind (its radio's default): without a name it is no tribute.
    const plain = await intent({
      amount: 2500,
      donationData: { ...donor, tributeKind: 'honor', tributeName: '', tributeEmail: '' },
    }).expect(200);
    expect((await stripe.paymentIntents.retrieve(plain.body.paymentIntentId)).metadata.tribute_kind).toBeUndefined();
    const nameless = await intent({
      amount: 2500,
      donationData: { ...donor, tributeKind: 'honor', tributeEmail: 'x@example.org' },
    }).expect(400);
    expect(JSON.stringify(nameless.body)).toContain('tributeName is required for a gift in honor or memory of someone');
    const bad = await intent({
      amount: 2500,
      donationData: { ...donor, tributeKind: 'honor', tributeName: 'Ann', tributeEmail: 'not-an-address' },
    }).expect(400);
    expect(JSON.stringify(bad.body)).toContain('tributeEmail must be a valid e-mail address');
  });

  it('makes a one-time gift monthly once: same amount and fund from next month, on the saved card, nothing charged today', async () => {
    const keys = await stack.redis.keys(`${stack.env.REDIS_PREFIX}:donate:*`);
    if (keys.length) await stack.redis.del(...keys);
    const res = await intent({
      amount: 4000,
      donationData: { ...donor, email: 'upgrade@example.org', coverFees: true, fundId: transportation },
    }).expect(200);
    const ref = { paymentIntentId: res.body.paymentIntentId, recordToken: res.body.recordToken };
    const monthly = () => request(stack.apiUrl).post('/api/donation/make-monthly');
    // Not before the gift is paid, and never for another page's token.
    await monthly().send(ref).expect(400);
    await stripe.paymentIntents.confirm(ref.paymentIntentId, { payment_method: 'pm_card_visa' });
    await monthly()
      .send({ ...ref, recordToken: 'B'.repeat(43) })
      .expect(403);
    const first = await monthly().send(ref).expect(200);
    const again = await monthly().send(ref).expect(200);
    expect(again.body.subscriptionId).toBe(first.body.subscriptionId);
    const pi = await stripe.paymentIntents.retrieve(ref.paymentIntentId);
    expect(first.body).toMatchObject({ amountCents: 4150, firstChargeAt: expect.any(Number) });
    const days = (first.body.firstChargeAt - pi.created) / 86400;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);

    const sub = await stripe.subscriptions.retrieve(first.body.subscriptionId);
    expect(sub).toMatchObject({
      status: 'active',
      default_payment_method: pi.payment_method,
      billing_cycle_anchor: first.body.firstChargeAt,
    });
    expect(sub.items.data[0].price).toMatchObject({
      unit_amount: 4150,
      recurring: { interval: 'month', interval_count: 1 },
    });
    expect(sub.metadata).toMatchObject({
      frequency: 'monthly',
      fund_id: String(transportation),
      gift_cents: '4000',
      fee_coverage_cents: '150',
      made_monthly_from: pi.id,
    });
    expect(sub.metadata.record_token_sha256).toBeUndefined();
    const invoices = await stripe.invoices.list({ subscription: sub.id });
    expect(invoices.data.map((i) => i.amount_paid)).toEqual([0]);
  });
});
