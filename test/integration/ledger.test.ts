import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { authed, signIn } from '../helpers/admin.js';
import { downloadCsv } from '../helpers/csv-download.js';
import { waitForProjection } from '../helpers/events.js';
import { localDay } from '../helpers/admin-api-expected.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * The Transactions tab's ledger (GET /api/stripe/transactions and its CSV) over gifts made the real way: cards
 * charged, declined and refunded on the emulator through the SDK and projected from signed webhooks, manual
 * gifts through the API. Every answer is compared with a list filtered here in plain TypeScript from the raw
 * charges and manual_donations rows.
 */
const TZ = 'America/Chicago';
let stack: Stack;
let api: ReturnType<typeof authed>;
let stripe: Stripe;

interface Row {
  id: string;
  kind: 'card' | 'manual';
  at: number;
  amount: number;
  status: string;
  method: string;
  name: string | null;
  email: string | null;
  net: number;
  notes: string | null;
}

/** Every transaction from the raw rows, newest first, with the status and method spelled out here. */
async function rawLedger(): Promise<Row[]> {
  const charges = await stack.db.query(
    `SELECT c.*, d.name AS dname, d.email AS demail FROM charges c LEFT JOIN donors d ON d.id = c.customer_id`,
  );
  const manual = await stack.db.query(`SELECT * FROM manual_donations`);
  const rows: Row[] = [
    ...charges.map((c): Row => {
      const amount = Number(c.amount);
      const refunded = Number(c.amount_refunded);
      const status =
        c.status !== 'succeeded'
          ? c.status
          : refunded >= amount
            ? 'refunded'
            : refunded > 0
              ? 'partially_refunded'
              : 'succeeded';
      return {
        id: c.id,
        kind: 'card',
        at: new Date(c.created).getTime(),
        amount,
        status,
        method: c.brand ? 'card' : 'bank',
        name: c.billing_name ?? c.dname,
        email: c.billing_email ?? c.demail,
        net: c.status === 'succeeded' ? amount - refunded : 0,
        notes: null,
      };
    }),
    ...manual.map((m): Row => ({
      id: m.id,
      kind: 'manual',
      at: new Date(m.donation_date).getTime(),
      amount: Number(m.amount),
      status: 'succeeded',
      method: m.donation_type === 'item' ? 'in-kind' : m.donation_type,
      name: m.donor_name,
      email: m.donor_email,
      net: Number(m.amount),
      notes: m.notes,
    })),
  ];
  // Gifts of the same second fall back to id order, in the database's collation.
  const idOrder = (
    await stack.db.query(
      `SELECT id FROM (SELECT id FROM charges UNION ALL SELECT id::text FROM manual_donations) t ORDER BY id DESC`,
    )
  ).map((r) => r.id);
  const rank = new Map(idOrder.map((id, i) => [id, i]));
  return rows.sort((a, b) => b.at - a.at || rank.get(a.id)! - rank.get(b.id)!);
}

function totalsOf(rows: Row[]) {
  // None of these gifts covered the card fee (test/integration/gift-designations.test.ts covers fee coverage).
  return { count: rows.length, netCents: rows.reduce((s, r) => s + r.net, 0), feeCoverageCents: 0 };
}

async function ledger(query: string) {
  const res = await api.get(`/api/stripe/transactions${query}`);
  expect(res.status).toBe(200);
  return res.body as {
    data: Array<{ id: string; notes: string | null; status: string }>;
    page: number;
    pageSize: number;
    totals: ReturnType<typeof totalsOf>;
  };
}

const csv = (query: string) => downloadCsv(api, `/api/stripe/transactions/export${query}`);

beforeAll(async () => {
  stack = await startStack({ env: { TIME_ZONE: TZ } });
  api = authed(stack, (await signIn(stack)).token);
  stripe = createStripeClient(stack.env, { maxNetworkRetries: 0 });
  const alice = (
    await api.post('/api/stripe/customers').send({ name: 'Alice Able', email: 'alice@example.org' }).expect(201)
  ).body.id;
  const bob = (
    await api.post('/api/stripe/customers').send({ name: 'Bob Baker', email: 'bob@example.org' }).expect(201)
  ).body.id;
  const give = (customer: string, amount: number, pm: string) =>
    stripe.paymentIntents.create({
      amount,
      currency: 'usd',
      customer,
      payment_method: pm,
      confirm: true,
      allowed_payment_method_types: ['card'],
    });
  await give(alice, 2500, 'pm_card_visa');
  await give(alice, 7500, 'pm_card_mastercard');
  const refunded = await give(bob, 10000, 'pm_card_amex');
  await give(bob, 2500, 'pm_card_discover');
  await give(bob, 4000, 'pm_card_chargeDeclined').catch(() => undefined);
  await stripe.refunds.create({ payment_intent: refunded.id, amount: 4000 });
  await stack.emulator!.flushWebhooks(20000);
  await waitForProjection(stack);
  const today = localDay(new Date(), TZ);
  const manual = [
    {
      stripeCustomerId: alice,
      donorName: 'Alice Able',
      amount: '1,250.00',
      donationType: 'check',
      donationDate: today,
      notes: 'Check #77',
    },
    { donorName: 'Walk-in Donor', amount: '25', donationType: 'cash', donationDate: today },
    {
      donorName: 'Dana 100% Cole',
      donorEmail: 'dana@example.org',
      amount: '300',
      donationType: 'item',
      donationDate: new Date(Date.now() - 40 * 86400_000).toISOString(),
      notes: 'Van lift',
      giftDescription: 'a van lift',
    },
  ];
  for (const body of manual) await api.post('/api/admin/manual-donations').send(body).expect(201);
});
afterAll(() => stack?.stop());

describe('the ledger', () => {
  it('lists every charge of any status and every manual gift, newest first, with totals of everything matched', async () => {
    const raw = await rawLedger();
    expect(raw).toHaveLength(5 + 3);
    const page = await ledger('');
    expect(page.data.map((t) => t.id)).toEqual(raw.map((r) => r.id));
    expect(page.totals).toEqual(totalsOf(raw));
    // 25 + 75 + (100 - 40) + 25 card, 1250 + 25 + 300 manual; the declined $40 is listed but adds nothing.
    expect(page.totals.netCents).toBe(176000);
    expect(page.data.filter((t) => t.status === 'failed')).toHaveLength(1);
    expect(page.data.filter((t) => t.notes === 'Check #77').map((t) => [t.id, t.status])).toEqual(
      raw.filter((r) => r.notes === 'Check #77').map((r) => [r.id, 'succeeded']),
    );
  });

  it('pages through the whole ledger without gaps or repeats', async () => {
    const raw = await rawLedger();
    const seen: string[] = [];
    for (let p = 1; p <= 3; p++) {
      const page = await ledger(`?pageSize=3&page=${p}`);
      expect(page.totals.count).toBe(raw.length);
      seen.push(...page.data.map((t) => t.id));
    }
    expect(seen).toEqual(raw.map((r) => r.id));
    expect((await ledger('?pageSize=3&page=4')).data).toEqual([]);
  });

  it.each([
    ['?q=alice', (r: Row) => /alice/i.test(`${r.name} ${r.email}`)],
    ['?q=BOB%40EXAMPLE', (r: Row) => /bob@example/i.test(r.email ?? '')],
    ['?q=%2425.00', (r: Row) => r.amount === 2500],
    ['?q=1%2C250', (r: Row) => r.amount === 125000],
    ['?q=100%25', (r: Row) => (r.name ?? '').includes('100%')],
    ['?status=failed', (r: Row) => r.status === 'failed'],
    ['?status=succeeded,partially_refunded', (r: Row) => ['succeeded', 'partially_refunded'].includes(r.status)],
    ['?method=card', (r: Row) => r.method === 'card'],
    ['?method=check&method=in-kind', (r: Row) => ['check', 'in-kind'].includes(r.method)],
    ['?method=bank', (r: Row) => r.method === 'bank'],
    ['?method=cash&status=failed', () => false],
    ['?method=cash&status=succeeded', (r: Row) => r.method === 'cash'],
  ])('filters %s exactly as the raw rows say', async (query, keep) => {
    const expected = (await rawLedger()).filter(keep);
    const page = await ledger(query);
    expect(page.data.map((t) => t.id)).toEqual(expected.map((r) => r.id));
    expect(page.totals).toEqual(totalsOf(expected));
  });

  it('takes whole local days for a date range', async () => {
    const today = localDay(new Date(), TZ);
    const raw = await rawLedger();
    const todays = raw.filter((r) => localDay(new Date(r.at), TZ) === today);
    expect(todays).toHaveLength(7);
    expect((await ledger(`?start_date=${today}&end_date=${today}`)).data.map((t) => t.id)).toEqual(
      todays.map((r) => r.id),
    );
    const older = raw.filter((r) => localDay(new Date(r.at), TZ) < today);
    expect((await ledger(`?end_date=${localDay(new Date(Date.now() - 86400_000), TZ)}`)).data.map((t) => t.id)).toEqual(
      older.map((r) => r.id),
    );
    expect(older.map((r) => r.notes)).toEqual(['Van lift']);
  });

  it('exports exactly the filtered rows as CSV, every page, with method and note', async () => {
    const expected = (await rawLedger()).filter((r) => r.method !== 'card' || r.status !== 'failed');
    const { res, rows } = await csv('?status=succeeded,partially_refunded,refunded');
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="transactions_all-time_\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(rows.map((r) => r['Transaction ID'])).toEqual(expected.map((r) => r.id));
    const check = rows.find((r) => r.Note === 'Check #77')!;
    expect(check).toMatchObject({
      Method: 'Check',
      Amount: '1250.00',
      'Net Amount': '1250.00',
      Status: 'succeeded',
      'Donor Name': 'Alice Able',
    });
    const amex = rows.find((r) => r.Method.startsWith('Amex'))!;
    expect(amex).toMatchObject({
      Amount: '100.00',
      Refunded: '40.00',
      'Net Amount': '60.00',
      Status: 'partially_refunded',
      Note: '',
    });
    const audit = await stack.db.query(
      `SELECT details FROM audit_log WHERE action = 'export.downloaded' ORDER BY at DESC LIMIT 1`,
    );
    expect(audit[0].details).toMatchObject({ report: 'transactions' });
  });

  it.each([
    ['?page=0', 'page must be a whole number'],
    ['?page=abc', 'page must be a whole number'],
    ['?pageSize=101', 'pageSize must be a whole number'],
    ['?status=lost', 'status must be among'],
    ['?method=paypal', 'method must be among'],
    ['?start_date=2026-02-30', 'start_date is not a real date'],
    ['?start_date=2026-03-01&end_date=2026-02-01', 'start_date must be on or before end_date'],
  ])('refuses %s with 400', async (query, message) => {
    const res = await api.get(`/api/stripe/transactions${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
  });
});

describe('figures that should agree do', () => {
  it('recomputes Total Revenue, Total Donations, Average, Success Rate and Lifetime Value from the emulator and the manual gifts', async () => {
    // The emulator's own charges, through the SDK: what Stripe says happened.
    const charges = (await stripe.charges.list({ limit: 100 })).data;
    const succeeded = charges.filter((c) => c.status === 'succeeded');
    const failed = charges.filter((c) => c.status === 'failed');
    expect([succeeded.length, failed.length]).toEqual([4, 1]);
    const manual = await stack.db.query(`SELECT amount, stripe_customer_id FROM manual_donations`);
    const cardNet = succeeded.reduce((s, c) => s + c.amount - c.amount_refunded, 0);
    const manualNet = manual.reduce((s: number, m: { amount: string }) => s + Number(m.amount), 0);
    const revenue = cardNet + manualNet;
    const gifts = succeeded.length + manual.length;

    const { overview } = (await api.get('/api/stripe/analytics').expect(200)).body;
    expect(overview.totalAmount).toBe(revenue / 100);
    expect(overview.totalDonations).toBe(gifts);
    expect(overview.averageDonation).toBe(Math.round(revenue / gifts) / 100);
    // 4 of 5 card attempts succeeded: the declined one counts against the rate.
    expect(overview.transactionSuccessRate).toBe(80);
    expect(overview.failedCharges).toBe(1);

    // The ledger's all-time totals are the summary cards' numbers.
    const all = await ledger('');
    expect(all.totals.netCents).toBe(revenue);
    const completed = await ledger('?status=succeeded,partially_refunded,refunded,disputed');
    expect(completed.totals.count).toBe(gifts);

    // Lifetime Value is Total Revenue less the gifts with no donor record (the walk-in and Dana's in-kind gift).
    const { summary } = (await api.get('/api/stripe/customers').expect(200)).body;
    const unlinked = manual
      .filter((m: { stripe_customer_id: string | null }) => !m.stripe_customer_id)
      .reduce((s: number, m: { amount: string }) => s + Number(m.amount), 0);
    expect(unlinked).toBe(32500);
    expect(summary.totalLifetimeValue).toBe((revenue - unlinked) / 100);
    expect(summary).toMatchObject({ totalCustomers: 2, activeCustomers: 2 });
  });
});
