import request from 'supertest';
import type Stripe from 'stripe';
import { waitUntil } from '../helpers/faults.js';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { authed, createAdmin, signIn } from '../helpers/admin.js';
import { waitForProjection } from '../helpers/events.js';
import { findInDatabase } from '../helpers/pii-scan.js';
import { startStack, type Stack } from '../helpers/stack.js';

const DANA = {
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
const OTHER = {
  ...DANA,
  firstName: 'Oscar',
  lastName: 'Ramirez',
  email: 'oscar.ramirez@example.org',
  address: '4 Hill Lane',
  phone: '(501) 555-0123',
};
/** Dana's second gift is in memory of someone, with whom to tell: their name and address go with Dana's. */
const TRIBUTE = {
  tributeKind: 'memory',
  tributeName: 'Eleanor Quist',
  tributeEmail: 'quist.family@example.org',
  tributeAddress: '9 Orchard Way, Harrison AR',
};
const NEEDLES = [
  'dana.whitfield@example.org',
  'Dana Whitfield',
  'Whitfield',
  '12 Creek Road',
  '555-0190',
  'Eleanor Quist',
  'quist.family@example.org',
  '9 Orchard Way',
];

/**
 * A Stripe object without what Stripe keeps after an erasure (docs/SECURITY.md, "Where donor data lives"): a charge's receipt e-mail and
 * billing details (neither can be unset), a payment's method details, and the snapshot an invoice took of the
 * customer and of its subscription's metadata (on the invoice and its lines) when it was finalized.
 */
function withoutWhatStripeKeeps(o: { object: string }): unknown {
  const copy = JSON.parse(JSON.stringify(o));
  if (copy.object === 'charge')
    for (const k of ['receipt_email', 'billing_details', 'payment_method_details']) delete copy[k];
  if (copy.object === 'invoice') {
    for (const k of ['customer_email', 'customer_name', 'customer_phone', 'customer_address', 'customer_shipping'])
      delete copy[k];
    if (copy.parent?.subscription_details) delete copy.parent.subscription_details.metadata;
    for (const line of copy.lines?.data ?? []) delete line.metadata;
  }
  return copy;
}

/** The sum of a tax CSV's Net Amount column, in cents, and its rows. */
function taxCsv(text: string): { cents: number; rows: string[][] } {
  const lines = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
  const header = lines[0].split(',');
  const net = header.indexOf('Net Amount');
  const rows = lines
    .slice(1)
    .map((l) => l.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '')));
  return { cents: rows.reduce((sum, r) => sum + Math.round(Number(r[net]) * 100), 0), rows };
}

describe('donor data export and erasure (emulator, worker, whole-database scan)', () => {
  let stack: Stack;
  let stripe: Stripe;
  let owner: string;
  let bookkeeper: string;
  let danaId: string;
  let danaCharge: string;
  const year = new Date().getFullYear();

  const settled = async () => {
    for (let i = 0; i < 2; i++)
      await waitForProjection(stack, {
        timeoutMs: 30_000,
        predicate: async () => stack.emulator!.pendingWebhooks() === 0,
      });
  };
  const give = async (donor: typeof DANA & Partial<typeof TRIBUTE>, amount: number) => {
    const start = await request(stack.apiUrl)
      .post('/api/create-payment-intent')
      .send({ amount, donationData: donor })
      .expect(200);
    await stripe.paymentIntents.confirm(start.body.paymentIntentId, { payment_method: 'pm_card_visa' });
    await request(stack.apiUrl)
      .post('/api/donation')
      .send({
        ...donor,
        amount: String(amount / 100),
        paymentIntentId: start.body.paymentIntentId,
        recordToken: start.body.recordToken,
      })
      .expect(201);
    return (await stripe.paymentIntents.retrieve(start.body.paymentIntentId)) as Stripe.PaymentIntent;
  };

  /** A monthly gift paid by card: a subscription whose metadata carries the donor's details, and its paid first invoice. */
  const giveMonthly = async (donor: typeof DANA, amount: number) => {
    const start = await request(stack.apiUrl)
      .post('/api/create-payment-intent')
      .send({ amount, donationData: { ...donor, frequency: 'monthly' } })
      .expect(200);
    await stripe.paymentIntents.confirm(start.body.clientSecret.split('_secret_')[0], {
      payment_method: 'pm_card_visa',
    });
    await request(stack.apiUrl)
      .post('/api/donation')
      .send({
        ...donor,
        frequency: 'monthly',
        amount: String(amount / 100),
        subscriptionId: start.body.subscriptionId,
        recordToken: start.body.recordToken,
      })
      .expect(201);
  };

  beforeAll(async () => {
    stack = await startStack({ workers: 1 });
    stripe = createStripeClient(stack.env);
    owner = (await signIn(stack, await createAdmin(stack, { name: 'Olive Owner' }))).token;
    bookkeeper = (await signIn(stack, await createAdmin(stack, { role: 'bookkeeper' }))).token;
    const first = await give(DANA, 5000);
    await give({ ...DANA, ...TRIBUTE }, 2500);
    await give(OTHER, 4000);
    await giveMonthly({ ...DANA, ...TRIBUTE } as typeof DANA, 2000);
    danaId = first.customer as string;
    danaCharge = first.latest_charge as string;
    await authed(stack, owner)
      .post('/api/admin/manual-donations')
      .send({
        stripeCustomerId: danaId,
        donorName: 'Dana Whitfield',
        donorEmail: DANA.email,
        donorPhone: DANA.phone,
        donorAddress: '12 Creek Road, Marshall AR',
        amount: '300',
        donationType: 'check',
        donationDate: new Date().toISOString(),
        notes: 'Check from Dana Whitfield',
      })
      .expect(201);
    await settled();
    // Both donors asked for a My Giving sign-in link (donor_links holds the address it goes to).
    for (const email of [DANA.email, OTHER.email])
      await request(stack.apiUrl).post('/api/my-giving/link').send({ email }).expect(202);
    await waitUntil(async () => (await stack.db.query(`SELECT 1 FROM donor_links`)).length === 2, {
      timeoutMs: 10_000,
    });
  });
  afterAll(() => stack?.stop());

  it('exports everything held about the donor as JSON and CSV, for owners and bookkeepers, and audits it', async () => {
    const json = await authed(stack, bookkeeper).get(`/api/admin/donors/${danaId}/export`).expect(200);
    expect(json.headers['content-disposition']).toBe(`attachment; filename="donor-${danaId}.json"`);
    const s = json.body.sections;
    expect(s.donor[0]).toMatchObject({ id: danaId, name: 'Dana Whitfield', email: DANA.email });
    expect(s.cardGifts).toHaveLength(3);
    expect(s.donationRecords).toHaveLength(3);
    expect(s.manualGifts).toEqual([expect.objectContaining({ donor_name: 'Dana Whitfield', amount: '30000' })]);
    expect(s.paymentIntents).toHaveLength(3);
    expect(s.subscriptions).toHaveLength(1);
    expect(s.invoices).toHaveLength(1);
    expect(s.storedEvents.length).toBeGreaterThan(3);
    expect(s.adminActions.map((a: { action: string }) => a.action)).toContain('manual_donation.created');
    expect(JSON.stringify(s)).not.toContain(OTHER.email);
    const csv = await authed(stack, owner).get(`/api/admin/donors/${danaId}/export?format=csv`).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text).toContain(`donor,${danaId},email,${DANA.email}`);
    await authed(stack, owner).get(`/api/admin/donors/${danaId}/export?format=xml`).expect(400);
    await authed(stack, owner).get('/api/admin/donors/cus_Nobody1/export').expect(404);
    const audited = await stack.db.query(`SELECT details FROM audit_log WHERE action = 'donor.exported' ORDER BY id`);
    expect(audited.map((r) => r.details)).toEqual([
      { customerId: danaId, format: 'json' },
      { customerId: danaId, format: 'csv' },
    ]);
  });

  it('erases the donor everywhere: no table or stored payload holds the e-mail or name; totals unchanged; Stripe customer gone', async () => {
    expect(await findInDatabase(stack.db, NEEDLES)).not.toEqual([]);
    const analytics = (await authed(stack, owner).get('/api/stripe/analytics').expect(200)).body;
    const tax = taxCsv((await authed(stack, owner).get(`/api/admin/tax-exports/bulk-report/${year}`).expect(200)).text);

    await authed(stack, bookkeeper)
      .post(`/api/admin/donors/${danaId}/erase`)
      .send({ confirmName: 'Dana Whitfield' })
      .expect(403);
    const wrong = await authed(stack, owner)
      .post(`/api/admin/donors/${danaId}/erase`)
      .send({ confirmName: 'Dana' })
      .expect(400);
    expect(wrong.body.message).toBe('To confirm, type the donor’s name exactly as shown.');
    await authed(stack, owner).post(`/api/admin/donors/${danaId}/erase`).send({}).expect(400);
    const erased = await authed(stack, owner)
      .post(`/api/admin/donors/${danaId}/erase`)
      .send({ confirmName: ' dana whitfield ' })
      .expect(200);
    expect(erased.body).toMatchObject({ id: danaId, erased: true });
    await authed(stack, owner)
      .post(`/api/admin/donors/${danaId}/erase`)
      .send({ confirmName: 'Erased donor' })
      .expect(409);
    // Deleting the customer in Stripe sends customer.deleted, with the donor's details, after the erasure.
    await settled();

    expect(await findInDatabase(stack.db, NEEDLES)).toEqual([]);
    expect(await findInDatabase(stack.db, [OTHER.email, 'Oscar Ramirez'])).not.toEqual([]);
    // The numbers stay; the recent-transactions list now names the gifts "Erased donor".
    const now = (await authed(stack, owner).get('/api/stripe/analytics').expect(200)).body;
    expect({ overview: now.overview, charts: now.charts }).toEqual({
      overview: analytics.overview,
      charts: analytics.charts,
    });
    expect(now.recentTransactions.map((t: { amount: number }) => t.amount)).toEqual(
      analytics.recentTransactions.map((t: { amount: number }) => t.amount),
    );
    const after = taxCsv(
      (await authed(stack, owner).get(`/api/admin/tax-exports/bulk-report/${year}`).expect(200)).text,
    );
    expect(after.cents).toBe(tax.cents);
    expect(after.rows.length).toBe(tax.rows.length);
    expect(after.rows.filter((r) => r.includes('Erased donor'))).toHaveLength(4);
    await expect(stripe.customers.retrieve(danaId)).resolves.toMatchObject({ id: danaId, deleted: true });
    const [audit] = await stack.db.query(`SELECT details FROM audit_log WHERE action = 'donor.erased'`);
    expect(audit.details.customerId).toBe(danaId);
    expect(audit.details.changed).toMatchObject({ donors: 1, charges: 3, donation_records: 3, manual_donations: 1 });
    // The two one-time payments and their charges, and the monthly plan (Stripe copies a plan's metadata to no payment).
    expect(audit.details.stripeScrubbed).toEqual({ paymentIntents: 2, charges: 2, subscriptions: 1, invoices: 0 });
  });

  it("leaves none of the donor's details on their payment intents, charges, subscriptions and invoices at Stripe, but what Stripe keeps", async () => {
    const objects = [
      ...(await stripe.paymentIntents.list({ customer: danaId, limit: 100 })).data,
      ...(await stripe.charges.list({ customer: danaId, limit: 100 })).data,
      ...(await stripe.subscriptions.list({ customer: danaId, status: 'all', limit: 100 })).data,
      ...(await stripe.invoices.list({ customer: danaId, limit: 100 })).data,
    ];
    expect(objects.map((o) => o.object).sort()).toEqual([
      'charge',
      'charge',
      'charge',
      'invoice',
      'payment_intent',
      'payment_intent',
      'payment_intent',
      'subscription',
    ]);
    for (const o of objects) {
      const kept = withoutWhatStripeKeeps(o);
      const found = NEEDLES.filter((n) => JSON.stringify(kept).toLowerCase().includes(n.toLowerCase()));
      expect({ id: o.id, found }).toEqual({ id: o.id, found: [] });
      expect(Object.keys(o.metadata ?? {}).filter((k) => k.startsWith('donor_'))).toEqual([]);
    }
    // Only the fields docs/SECURITY.md names as Stripe's own still hold them (the receipt e-mail of a charge cannot be unset).
    const charges = objects.filter((o) => o.object === 'charge') as Stripe.Charge[];
    expect(charges.map((c) => c.receipt_email)).toContain(DANA.email);
    const tribute = objects.find((o) => o.object === 'subscription') as Stripe.Subscription;
    expect(tribute.metadata).toMatchObject({ tribute_kind: 'memory', frequency: 'monthly' });
  });

  it('keeps an erased donor erased when later events about them arrive (a refund of their gift)', async () => {
    await stripe.refunds.create({ charge: danaCharge, amount: 1000 });
    // The refund's events (charge.refunded, refund.created and its balance transaction) arrive at their own pace:
    // wait until the charge shows the refund, then check that it brought none of the donor's details back.
    await waitForProjection(stack, {
      timeoutMs: 30_000,
      predicate: async () =>
        stack.emulator!.pendingWebhooks() === 0 &&
        (await stack.db.query(`SELECT amount_refunded::text AS a FROM charges WHERE id = $1`, [danaCharge]))[0]?.a ===
          '1000',
    });
    await settled();
    expect(await findInDatabase(stack.db, NEEDLES)).toEqual([]);
    const [charge] = await stack.db.query(`SELECT amount_refunded, billing_name FROM charges WHERE id = $1`, [
      danaCharge,
    ]);
    // The name came from the gift's metadata, which Stripe no longer holds: the later event brings none back.
    expect(charge).toEqual({ amount_refunded: '1000', billing_name: null });
  });
});
