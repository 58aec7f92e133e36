import sax from 'sax';
import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { addDays, todayIn } from '../../core/src/gifts/calendar.js';
import { formatUsd } from '../../core/src/gifts/money.js';
import { authed, createAdmin, signIn } from '../helpers/admin.js';
import { downloadCsv } from '../helpers/csv-download.js';
import { waitForProjection } from '../helpers/events.js';
import { fetchPdf } from '../helpers/pdf.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * The Appeals report (GET /api/admin/appeal-reports), an appeal's board PDF and QR code, and the Appeal column and
 * filter of the ledger, a donor's transactions (the donor CSV) and the tax CSVs, over gifts made the real way:
 * PaymentIntents on the emulator through the SDK carrying the appeal in their metadata (as our server writes it),
 * projected from signed webhooks; a refund; checks recorded through the API. Every figure is compared with a sum
 * made here from the raw rows.
 */
const TZ = 'America/Chicago';
let stack: Stack;
let api: ReturnType<typeof authed>;
let stripe: Stripe;
const ids = { van: '', roof: '', lastYear: '', alice: '', bob: '' };

async function appeal(body: Record<string, unknown>): Promise<string> {
  const res = await api.post('/api/admin/appeals').send(body).expect(201);
  await api.post(`/api/admin/appeals/${res.body.id}/publish`).expect(200);
  return res.body.id;
}

/** What the raw rows say an appeal raised: succeeded charges less refunds, and manual gifts. */
async function raw(appealId: string) {
  const [c] = await stack.db.query(
    `SELECT coalesce(sum(amount - amount_refunded), 0)::int AS cents, count(*)::int AS n, count(DISTINCT customer_id)::int AS donors
       FROM charges WHERE appeal_id = $1 AND status = 'succeeded'`,
    [appealId],
  );
  const [m] = await stack.db.query(
    `SELECT coalesce(sum(amount), 0)::int AS cents, count(*)::int AS n FROM manual_donations WHERE appeal_id = $1`,
    [appealId],
  );
  return { cents: c.cents + m.cents, gifts: c.n + m.n };
}

beforeAll(async () => {
  stack = await startStack({ env: { TIME_ZONE: TZ } });
  api = authed(stack, (await signIn(stack)).token);
  stripe = createStripeClient(stack.env, { maxNetworkRetries: 0 });
  const today = todayIn(TZ);
  ids.van = await appeal({
    name: 'A new van',
    slug: 'van',
    goalKind: 'dollars',
    goalCents: 500000,
    startsOn: addDays(today, -3),
    endsOn: addDays(today, 9),
    matchText: 'Doubled up to $100',
    matchCapCents: 10000,
  });
  ids.roof = await appeal({
    name: 'Fix the roof <b>now</b>',
    slug: 'roof',
    goalKind: 'donors',
    goalCount: 4,
    startsOn: addDays(today, -3),
    endsOn: addDays(today, 20),
  });
  const customer = async (name: string, email: string) =>
    (await api.post('/api/stripe/customers').send({ name, email }).expect(201)).body.id as string;
  const alice = (ids.alice = await customer('Alice Able', 'alice@example.org'));
  const bob = (ids.bob = await customer('Bob Baker', 'bob@example.org'));
  const give = (cust: string, amount: number, appealId: string | null) =>
    stripe.paymentIntents.create({
      amount,
      currency: 'usd',
      customer: cust,
      payment_method: 'pm_card_visa',
      confirm: true,
      allowed_payment_method_types: ['card'],
      metadata: appealId ? { appeal_id: appealId } : {},
    });
  await give(alice, 2500, ids.van);
  const refunded = await give(bob, 10000, ids.van);
  await give(bob, 4000, ids.roof);
  await give(alice, 9900, null);
  await stripe.refunds.create({ payment_intent: refunded.id, amount: 3000 });
  await stack.emulator!.flushWebhooks(20000);
  await waitForProjection(stack);
  await api
    .post('/api/admin/manual-donations')
    .send({
      donorName: 'Ruth Check',
      amount: '1,250.00',
      donationType: 'check',
      donationDate: today,
      appealId: ids.van,
    })
    .expect(201);
});
afterAll(() => stack?.stop());

describe('the Appeals report', () => {
  it("lists each appeal's raised, goal, percent, donors, new donors, average gift and plans, as the raw rows add up", async () => {
    const res = await api.get('/api/admin/appeal-reports').expect(200);
    const van = res.body.appeals.find((a: { id: string }) => a.id === ids.van);
    const expected = await raw(ids.van);
    expect(expected).toEqual({ cents: 2500 + 7000 + 125000, gifts: 3 });
    expect(van).toMatchObject({
      slug: 'van',
      state: 'open',
      goalKind: 'dollars',
      goalCents: 500000,
      raisedCents: expected.cents,
      giftCount: 3,
      donorCount: 2,
      newDonorCount: 2,
      percentOfGoal: Math.floor((expected.cents * 100) / 500000),
      averageGiftCents: Math.round(expected.cents / 3),
      recurringStarted: 0,
      matchedCents: 10000,
    });
    const roof = res.body.appeals.find((a: { id: string }) => a.id === ids.roof);
    expect(roof).toMatchObject({ raisedCents: 4000, donorCount: 1, goalCount: 4, percentOfGoal: 25 });
    // The public page reads the same totals.
    const page = await api.get('/api/appeals/van').expect(200);
    expect(page.body).toMatchObject({ raisedCents: expected.cents, donorCount: 2, giftCount: 3 });
    expect(res.body.yearEnd.map((y: { year: number }) => y.year)).toEqual([
      Number(todayIn(TZ).slice(0, 4)),
      Number(todayIn(TZ).slice(0, 4)) - 1,
    ]);
  });

  it("gives an appeal's days from its first to today, adding up to what it raised", async () => {
    const res = await api.get(`/api/admin/appeal-reports/${ids.van}`).expect(200);
    const days: Array<{ day: string; raisedCents: number; giftCount: number; cumulativeCents: number }> =
      res.body.byDay;
    expect(days[0].day).toBe(addDays(todayIn(TZ), -3));
    expect(days.at(-1)!.day).toBe(todayIn(TZ));
    expect(days).toHaveLength(4);
    expect(days.reduce((s, d) => s + d.raisedCents, 0)).toBe(res.body.appeal.raisedCents);
    expect(days.at(-1)!.cumulativeCents).toBe(res.body.appeal.raisedCents);
    expect(days.reduce((s, d) => s + d.giftCount, 0)).toBe(3);
    await api.get('/api/admin/appeal-reports/00000000-0000-4000-8000-000000000000').expect(404);
    await api.get('/api/admin/appeal-reports/not-a-uuid').expect(400);
  });

  it("prints the board's one-page PDF with the same figures", async () => {
    const { res, text } = await fetchPdf(api.get(`/api/admin/appeal-reports/${ids.van}/pdf`));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="appeal_van.pdf"');
    const { cents } = await raw(ids.van);
    for (const s of [
      'Appeal: A new van',
      `Raised ${formatUsd(cents)}`,
      'Goal $5,000.00',
      `Percent of goal ${Math.floor((cents * 100) / 500000)}%`,
      'Donors 2',
      'New donors 2',
      'Gifts 3',
      `Average gift ${formatUsd(Math.round(cents / 3))}`,
      'By week',
    ])
      expect(text).toContain(s);
    expect(((res.body as Buffer).toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length).toBe(1);
  });

  it('serves a printable QR code as PNG and as well-formed SVG, to staff only', async () => {
    const png = await api
      .get(`/api/admin/appeals/${ids.van}/qr.png`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(png.status).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect((png.body as Buffer).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const svg = await api
      .get(`/api/admin/appeals/${ids.van}/qr.svg`)
      .buffer(true)
      .parse((r, cb) => {
        let body = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (body += c));
        r.on('end', () => cb(null, body));
      });
    expect(svg.status).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const text = svg.body as string;
    // Well-formed XML (a strict parser throws on anything else), one <svg> root in the SVG namespace, no script.
    const elements: string[] = [];
    const parser = sax.parser(true, { xmlns: true });
    parser.onerror = (err) => {
      throw err;
    };
    parser.onopentag = (tag) => elements.push(`${(tag as sax.QualifiedTag).uri} ${tag.name}`);
    parser.write(text).close();
    expect(elements[0]).toBe('http://www.w3.org/2000/svg svg');
    expect(elements.some((e) => e.endsWith(' path'))).toBe(true);
    expect(elements.some((e) => /script|foreignObject/i.test(e))).toBe(false);
    await api.get('/api/admin/appeals/00000000-0000-4000-8000-000000000000/qr.png').expect(404);
    const { default: request } = await import('supertest');
    await request(stack.apiUrl).get(`/api/admin/appeals/${ids.van}/qr.svg`).expect(401);
    const bookkeeper = authed(stack, (await signIn(stack, await createAdmin(stack, { role: 'bookkeeper' }))).token);
    await bookkeeper.get(`/api/admin/appeal-reports`).expect(200);
  });
});

describe('the Appeal column and filter', () => {
  it('the ledger filters by appeal, its total is the appeal raised, each row names its appeal', async () => {
    const res = await api.get(`/api/stripe/transactions?appeal=${ids.van}`).expect(200);
    const { cents, gifts } = await raw(ids.van);
    expect(res.body.totals).toMatchObject({ count: gifts, netCents: cents });
    expect(res.body.data.map((t: { appeal: { name: string } | null }) => t.appeal?.name)).toEqual([
      'A new van',
      'A new van',
      'A new van',
    ]);
    const all = await api.get('/api/stripe/transactions').expect(200);
    expect(all.body.data.filter((t: { appeal: unknown }) => t.appeal === null)).toHaveLength(1);
    await api.get('/api/stripe/transactions?appeal=van').expect(400);
    const csv = await downloadCsv(api, `/api/stripe/transactions/export?appeal=${ids.roof}`);
    expect(csv.rows.map((r) => r.Appeal)).toEqual(['Fix the roof <b>now</b>']);
  });

  it('the tax CSVs gain an Appeal column and an appeal filter', async () => {
    const year = todayIn(TZ).slice(0, 4);
    const bulk = await downloadCsv(api, `/api/admin/tax-exports/bulk-report/${year}`);
    expect(bulk.rows.map((r) => r.Appeal).sort()).toEqual(
      ['', 'A new van', 'A new van', 'A new van', 'Fix the roof <b>now</b>'].sort(),
    );
    const van = await downloadCsv(api, `/api/admin/tax-exports/bulk-report/${year}?appeal=${ids.van}`);
    expect(van.rows).toHaveLength(3);
    const irs = await downloadCsv(api, `/api/admin/tax-exports/irs-receipts/${year}?appeal=${ids.van}`);
    expect(irs.rows.map((r) => [r.Amount, r.Appeal])).toEqual([['1250.00', 'A new van']]);
    await api.get(`/api/admin/tax-exports/bulk-report/${year}?appeal=x`).expect(400);
  });

  it("a donor's transactions, and so the donor's CSV, filter by appeal (card and manual gifts)", async () => {
    // Last in the file: the check it records would change the totals the tests above compare.
    await api
      .post('/api/admin/manual-donations')
      .send({
        stripeCustomerId: ids.bob,
        donorName: 'Bob Baker',
        amount: '75',
        donationType: 'check',
        donationDate: todayIn(TZ),
        appealId: ids.roof,
      })
      .expect(201);
    type Tx = { type: string; amount: number; appeal: { id: string; name: string } | null };
    const list = async (customer: string, query = '') =>
      ((await api.get(`/api/stripe/customer/${customer}/transactions${query}`).expect(200)).body as Tx[])
        .map((t) => [t.type, t.amount, t.appeal?.name ?? null])
        .sort((a, b) => Number(a[1]) - Number(b[1]));
    expect(await list(ids.bob, `?appeal=${ids.roof}`)).toEqual([
      ['card', 4000, 'Fix the roof <b>now</b>'],
      ['manual', 7500, 'Fix the roof <b>now</b>'],
    ]);
    expect(await list(ids.bob, `?timeframe=last-30-days&appeal=${ids.van}`)).toEqual([['card', 10000, 'A new van']]);
    expect(await list(ids.alice, `?appeal=${ids.van}`)).toEqual([['card', 2500, 'A new van']]);
    expect(await list(ids.alice)).toEqual([
      ['card', 2500, 'A new van'],
      ['card', 9900, null],
    ]);
    const bad = await api.get(`/api/stripe/customer/${ids.alice}/transactions?appeal=van`).expect(400);
    expect(JSON.stringify(bad.body)).toContain('appeal must be an appeal id');
  });
});
