import { parseString } from 'fast-csv';
import request from 'supertest';
import { applyContributionChange, chargeContribution } from '../../core/src/read-model/aggregates.js';
import { authed, signIn } from '../helpers/admin.js';
import { startStack, type Stack } from '../helpers/stack.js';
import {
  expectedAnalytics,
  loadFailedCharges,
  loadMoney,
  loadGifts,
  localDay,
  sortByName,
} from '../helpers/admin-api-expected.js';
import { fetchPdf } from '../helpers/pdf.js';

/**
 * Tax exports, statements and analytics over a read model seeded with SQL (rows plus the aggregates through
 * applyContributionChange, as the worker writes them), with the edges that matter for taxes: New Year's Eve in
 * Chicago is already January 1 in UTC, refunds and lost disputes are netted out, deleted donors keep their history.
 */
const TZ = 'America/Chicago';
let stack: Stack;
let api: ReturnType<typeof authed>;

interface ChargeSeed {
  id: string;
  customer?: string | null;
  amount: number;
  refunded?: number;
  status?: string;
  disputed?: boolean;
  dispute?: string | null;
  frequency?: string;
  brand?: string;
  last4?: string;
  at: string | Date;
  billingName?: string | null;
  pi?: string | null;
}

async function seedCharge(c: ChargeSeed) {
  const row = {
    id: c.id,
    customer_id: c.customer ?? null,
    amount: c.amount,
    amount_refunded: c.refunded ?? 0,
    status: c.status ?? 'succeeded',
    disputed: c.disputed ?? false,
    dispute_status: c.dispute ?? null,
    frequency: c.frequency ?? 'one-time',
    brand: c.brand ?? 'visa',
    created: new Date(c.at),
  };
  await stack.db.query(
    `INSERT INTO charges (id, customer_id, amount, amount_refunded, currency, status, paid, refunded, disputed, dispute_status, brand, last4,
       billing_name, frequency, receipt_url, payment_intent_id, created)
     VALUES ($1, $2, $3::bigint, $4::bigint, 'usd', $5::text, $5::text = 'succeeded', $4::bigint >= $3::bigint, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      row.id,
      row.customer_id,
      row.amount,
      row.amount_refunded,
      row.status,
      row.disputed,
      row.dispute_status,
      row.brand,
      c.last4 ?? '4242',
      c.billingName ?? null,
      row.frequency,
      `https://pay.stripe.com/receipts/${c.id}`,
      c.pi ?? null,
      row.created,
    ],
  );
  await applyContributionChange(stack.db, null, chargeContribution(row), TZ);
}

async function seedDonor(id: string, name: string, extra: Record<string, string | null> = {}) {
  await stack.db.query(
    `INSERT INTO donors (id, name, email, address_line1, address_line2, address_city, address_state, address_postal_code, created, deleted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() - interval '2 years', $9)`,
    [
      id,
      name,
      extra.email ?? null,
      extra.line1 ?? null,
      extra.line2 ?? null,
      extra.city ?? null,
      extra.state ?? null,
      extra.zip ?? null,
      extra.deleted ?? null,
    ],
  );
}

async function csv(path: string) {
  const res = await api
    .get(path)
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  const text = (res.body as Buffer).toString('utf8');
  const rows: Record<string, string>[] = await new Promise((resolve, reject) => {
    const out: Record<string, string>[] = [];
    parseString(text.replace(/^\uFEFF/, ''), { headers: true })
      .on('data', (r) => out.push(r))
      .on('error', reject)
      .on('end', () => resolve(out));
  });
  return { res, text, rows };
}

beforeAll(async () => {
  stack = await startStack({
    emulator: false,
    workers: 0,
    env: { STRIPE_API_BASE: 'http://127.0.0.1:9', TIME_ZONE: TZ },
  });
  api = authed(stack, (await signIn(stack)).token);

  await seedDonor('cus_ann', 'Ann Archer', {
    email: 'ann@example.org',
    line1: '12 Oak St',
    line2: 'Apt 4',
    city: 'Marshall',
    state: 'AR',
    zip: '72650',
  });
  await seedDonor('cus_evil', '=HYPERLINK("http://evil.example","x")', {
    email: '+evil@example.org',
    line1: '@home',
    city: '-Town',
  });
  await seedDonor('cus_cleo', 'Cleo Gone', {
    email: 'cleo@example.org',
    line1: '9 Elm',
    city: 'Leslie',
    state: 'AR',
    zip: '72645',
    deleted: new Date().toISOString(),
  });

  await seedCharge({ id: 'ch_ann_march', customer: 'cus_ann', amount: 30000, at: '2025-03-10T15:00:00Z' });
  // 23:30 on Dec 31 in Chicago: a 2025 gift although it is already 2026 in UTC.
  await seedCharge({
    id: 'ch_ann_nye',
    customer: 'cus_ann',
    amount: 2500,
    frequency: 'monthly',
    brand: 'mastercard',
    last4: '4444',
    at: '2026-01-01T05:30:00Z',
  });
  // 00:30 on Jan 1 in Chicago: 2026.
  await seedCharge({
    id: 'ch_ann_newyear',
    customer: 'cus_ann',
    amount: 2500,
    frequency: 'monthly',
    brand: 'mastercard',
    last4: '4444',
    at: '2026-01-01T06:30:00Z',
  });
  await seedCharge({
    id: 'ch_evil_refunded',
    customer: 'cus_evil',
    amount: 50000,
    refunded: 50000,
    brand: 'amex',
    last4: '0005',
    at: '2025-06-01T17:00:00Z',
  });
  await seedCharge({
    id: 'ch_evil_partial',
    customer: 'cus_evil',
    amount: 40000,
    refunded: 20000,
    at: '2025-06-02T17:00:00Z',
  });
  await seedCharge({
    id: 'ch_cleo_lost',
    customer: 'cus_cleo',
    amount: 100000,
    disputed: true,
    dispute: 'lost',
    at: '2025-08-01T17:00:00Z',
  });
  await seedCharge({
    id: 'ch_cleo_ok',
    customer: 'cus_cleo',
    amount: 26000,
    frequency: 'annual',
    at: '2025-08-02T17:00:00Z',
  });
  await seedCharge({
    id: 'ch_failed',
    customer: 'cus_ann',
    amount: 99900,
    status: 'failed',
    at: '2025-05-05T17:00:00Z',
  });
  await seedCharge({ id: 'ch_2024', customer: 'cus_ann', amount: 77700, at: '2024-12-31T12:00:00Z' });
  await stack.db.query(
    `INSERT INTO donation_records (payment_intent_id, amount, frequency, first_name, last_name, email, address, city, state, zip_code)
     VALUES ('pi_guest', 27500, 'one-time', 'Gus', 'Guest', 'gus@example.org', '1 Main St', 'Harrison', 'AR', '72601')`,
  );
  await seedCharge({
    id: 'ch_guest',
    amount: 27500,
    billingName: 'Gus Guest',
    pi: 'pi_guest',
    at: '2025-10-10T17:00:00Z',
  });

  // Recent history for the analytics charts, relative to now.
  const daysAgo = (n: number) => new Date(Date.now() - n * 86400_000);
  await seedCharge({ id: 'ch_recent_1', customer: 'cus_ann', amount: 1234, at: daysAgo(0) });
  await seedCharge({ id: 'ch_recent_2', customer: 'cus_ann', amount: 5000, brand: 'discover', at: daysAgo(3) });
  await seedCharge({ id: 'ch_recent_3', customer: 'cus_evil', amount: 7500, frequency: 'quarterly', at: daysAgo(29) });
  await seedCharge({ id: 'ch_recent_4', amount: 2000, at: daysAgo(35) });
  await seedCharge({ id: 'ch_recent_5', customer: 'cus_ann', amount: 9900, refunded: 900, at: daysAgo(200) });

  for (const body of [
    {
      stripeCustomerId: 'cus_ann',
      donorName: 'Ann Archer',
      amount: '1,000.00',
      donationType: 'check',
      donationDate: '2025-07-04',
      notes: 'Check #1001',
    },
    { donorName: 'Anonymous', amount: '50', donationType: 'cash', donationDate: '2025-08-01T00:00:00.000Z' },
    {
      stripeCustomerId: 'cus_evil',
      donorName: '-Evil Stock',
      donorAddress: '=1+1',
      amount: '250.00',
      donationType: 'stock',
      donationDate: '2025-09-09',
      giftDescription: '5 shares of ACME',
    },
    { donorName: 'Recent Cash', amount: '75.25', donationType: 'cash', donationDate: localDay(new Date(), TZ) },
  ]) {
    await api.post('/api/admin/manual-donations').send(body).expect(201);
  }
});
afterAll(() => stack?.stop());

describe('GET /api/admin/tax-exports/bulk-report/:year', () => {
  it('streams every 2025 gift in Chicago time, refunds shown and netted, formulas neutralised', async () => {
    const { res, rows, text } = await csv('/api/admin/tax-exports/bulk-report/2025');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="tax-report-2025.csv"');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.split('\r\n')[0].replace(/^\uFEFF/, '')).toBe(
      'Date,Donor Name,Email,Address,Amount,Type,Method,Status,Refunded,Receipt Required,Net Amount,Transaction ID,Appeal',
    );
    const byId = new Map(rows.map((r) => [r['Transaction ID'], r]));
    const manual = await stack.db.query(
      `SELECT id, donation_type FROM manual_donations WHERE donation_date < '2026-01-01T06:00:00Z' ORDER BY donation_date`,
    );
    expect(new Set(byId.keys())).toEqual(
      new Set([
        'ch_ann_march',
        'ch_ann_nye',
        'ch_evil_refunded',
        'ch_evil_partial',
        'ch_cleo_lost',
        'ch_cleo_ok',
        'ch_guest',
        ...manual.map((m) => m.id),
      ]),
    );
    expect(rows.map((r) => r.Date)).toEqual([...rows.map((r) => r.Date)].sort());
    expect(byId.get('ch_ann_nye')).toMatchObject({
      Date: '2025-12-31',
      Amount: '25.00',
      Type: 'Monthly',
      Method: 'Mastercard 4444',
      Status: 'succeeded',
      'Receipt Required': 'No',
    });
    expect(byId.get('ch_ann_march')).toMatchObject({
      'Donor Name': 'Ann Archer',
      Email: 'ann@example.org',
      Address: '12 Oak St, Apt 4, Marshall, AR 72650',
      Amount: '300.00',
      Type: 'One-time',
      Method: 'Visa 4242',
      Refunded: '0.00',
      'Receipt Required': 'Yes',
      'Net Amount': '300.00',
    });
    expect(byId.get('ch_evil_refunded')).toMatchObject({
      'Donor Name': `'=HYPERLINK("http://evil.example","x")`,
      Email: "'+evil@example.org",
      Address: "'@home, -Town",
      Amount: '500.00',
      Status: 'refunded',
      Refunded: '500.00',
      'Net Amount': '0.00',
      'Receipt Required': 'No',
    });
    expect(byId.get('ch_evil_partial')).toMatchObject({
      Status: 'partially_refunded',
      Refunded: '200.00',
      'Net Amount': '200.00',
      'Receipt Required': 'No',
    });
    expect(byId.get('ch_cleo_lost')).toMatchObject({
      'Donor Name': 'Cleo Gone',
      Status: 'disputed',
      'Net Amount': '0.00',
    });
    expect(byId.get('ch_guest')).toMatchObject({
      'Donor Name': 'Gus Guest',
      Email: 'gus@example.org',
      Address: '1 Main St, Harrison, AR 72601',
      'Receipt Required': 'Yes',
    });
    const check = rows.find((r) => r.Type === 'Check')!;
    expect(check).toMatchObject({
      Date: '2025-07-04',
      'Donor Name': 'Ann Archer',
      Amount: '1000.00',
      Method: 'Check',
      Status: 'succeeded',
      'Receipt Required': 'Yes',
    });
    // A date picker's UTC midnight is that calendar day, not the evening before.
    expect(rows.find((r) => r.Type === 'Cash')).toMatchObject({
      Date: '2025-08-01',
      'Donor Name': 'Anonymous',
      Amount: '50.00',
    });
    expect(rows.find((r) => r.Type === 'Stock/Securities')).toMatchObject({
      'Donor Name': "'-Evil Stock",
      Address: "'=1+1",
      'Receipt Required': 'Yes',
    });
  });

  it('leaves the New Year gift to 2026 and refuses years outside 2000..next year', async () => {
    const { rows } = await csv('/api/admin/tax-exports/bulk-report/2026');
    expect(rows.map((r) => r['Transaction ID'])).toContain('ch_ann_newyear');
    expect(rows.map((r) => r['Transaction ID'])).not.toContain('ch_ann_nye');
    const max = Number(localDay(new Date(), TZ).slice(0, 4)) + 1;
    for (const bad of ['1999', String(max + 1), '20x5', '-2025']) {
      const res = await api.get(`/api/admin/tax-exports/bulk-report/${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(`Year must be a whole number from 2000 to ${max}`);
    }
    expect((await api.get(`/api/admin/tax-exports/bulk-report/${max}`)).status).toBe(200);
  });

  it('gives a year without gifts its BOM and header row, for both reports', async () => {
    for (const [path, header] of [
      [
        '/api/admin/tax-exports/bulk-report/2003',
        'Date,Donor Name,Email,Address,Amount,Type,Method,Status,Refunded,Receipt Required,Net Amount,Transaction ID,Appeal',
      ],
      ['/api/admin/tax-exports/irs-receipts/2003', null],
    ] as const) {
      const { res, rows, text } = await csv(path);
      expect(res.status).toBe(200);
      expect(rows).toEqual([]);
      expect(text).toMatch(/^\uFEFF[^\r\n]+\r\n$/);
      if (header) expect(text).toBe(`\uFEFF${header}\r\n`);
    }
  });

  it('needs a session and audits each download', async () => {
    expect((await request(stack.apiUrl).get('/api/admin/tax-exports/bulk-report/2025')).status).toBe(401);
    const before = await stack.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'export.downloaded'`);
    await csv('/api/admin/tax-exports/irs-receipts/2025');
    const after = await stack.db.query(
      `SELECT count(*)::int AS n, max(details::text) AS d FROM audit_log WHERE action = 'export.downloaded'`,
    );
    expect(after[0].n).toBe(before[0].n + 1);
  });
});

describe('GET /api/admin/tax-exports/irs-receipts/:year', () => {
  it('lists the gifts of $250 or more after refunds, card and manual', async () => {
    const { res, rows } = await csv('/api/admin/tax-exports/irs-receipts/2025');
    expect(res.headers['content-disposition']).toBe('attachment; filename="irs-receipts-required-2025.csv"');
    const gifts = (await loadGifts(stack.db)).filter((g) => localDay(g.at, TZ).startsWith('2025') && g.net >= 25000);
    expect(new Set(rows.map((r) => r['Transaction ID']))).toEqual(new Set(gifts.map((g) => g.id)));
    expect(rows.map((r) => r['Transaction ID']).sort()).toEqual(
      expect.arrayContaining(['ch_ann_march', 'ch_cleo_ok', 'ch_guest']),
    );
    const stock = rows.find((r) => r.Type === 'Stock/Securities')!;
    expect(stock).toMatchObject({ Amount: '250.00', 'Goods or Services Provided': 'No' });
    expect(rows.find((r) => r['Transaction ID'] === 'ch_cleo_ok')).toMatchObject({
      Amount: '260.00',
      Type: 'Annual',
      'Donor Name': 'Cleo Gone',
    });
  });
});

describe('GET /api/admin/tax-exports/year-end/:customerId/:year', () => {
  async function pdfText(path: string) {
    const got = await fetchPdf(api.get(path));
    expect(got.res.status).toBe(200);
    return got;
  }

  it('states the school, the donor, every 2025 gift net of refunds, the total and the IRS sentence', async () => {
    const { res, text } = await pdfText('/api/admin/tax-exports/year-end/cus_ann/2025');
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="year-end-statement-2025-Ann-Archer.pdf"');
    for (const s of [
      'Hillside Learning Center',
      '418 Schoolhouse Road, Marshall, AR 72650',
      'PO Box 214, Marshall, AR 72650',
      'EIN 71-0123456',
      'Year-End Giving Statement 2025',
      'Ann Archer',
      '12 Oak St',
      'Apt 4',
      'Marshall, AR 72650',
      'Mar 10, 2025',
      'Visa 4242',
      '$300.00',
      'Jul 04, 2025',
      'Check',
      '$1,000.00',
      'Dec 31, 2025',
      'Mastercard 4444',
      '$25.00',
      'Total contributions for 2025: $1,325.00',
      'No goods or services were provided in exchange for these contributions.',
    ])
      expect(text).toContain(s);
    expect(text).not.toContain('$777.00');
    expect(text).not.toContain('$999.00');
  });

  it('serves deleted donors (their history stays) and leaves out a lost dispute', async () => {
    const { res, text } = await pdfText('/api/admin/tax-exports/year-end/cus_cleo/2025');
    expect(res.headers['content-disposition']).toBe('attachment; filename="year-end-statement-2025-Cleo-Gone.pdf"');
    expect(text).toContain('Total contributions for 2025: $260.00');
    expect(text).not.toContain('$1,000.00');
  });

  it('uses the id when the name has no letters, and answers 404/400 for unknown or malformed ids and years', async () => {
    await stack.db.query(`INSERT INTO donors (id, name, created) VALUES ('cus_noname', '***', now())`);
    const { res, text } = await pdfText('/api/admin/tax-exports/year-end/cus_noname/2025');
    expect(res.headers['content-disposition']).toBe('attachment; filename="year-end-statement-2025-cus_noname.pdf"');
    expect(text).toContain('No contributions were recorded for 2025.');
    expect((await api.get('/api/admin/tax-exports/year-end/cus_nobody/2025')).status).toBe(404);
    const bad = await api.get('/api/admin/tax-exports/year-end/not-an-id/2025');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/Invalid donor id/);
    expect((await api.get('/api/admin/tax-exports/year-end/cus_ann/1990')).status).toBe(400);
  });

  it('prints YEAR_END_STATEMENT_TEXT when configured', async () => {
    const other = await startStack({
      emulator: false,
      workers: 0,
      env: {
        STRIPE_API_BASE: 'http://127.0.0.1:9',
        YEAR_END_STATEMENT_TEXT: 'Only intangible religious benefits were provided.',
      },
    });
    try {
      await other.db.query(`INSERT INTO donors (id, name, created) VALUES ('cus_x', 'X Person', now())`);
      const { text } = await fetchPdf(
        authed(other, (await signIn(other)).token).get('/api/admin/tax-exports/year-end/cus_x/2025'),
      );
      expect(text).toContain('Only intangible religious benefits were provided.');
    } finally {
      await other.stop();
    }
  });
});

describe('GET /api/stripe/analytics over a spread history', () => {
  it('matches an independent computation from the raw rows', async () => {
    const res = await api.get('/api/stripe/analytics').expect(200);
    const expected = expectedAnalytics(
      await loadGifts(stack.db),
      TZ,
      await loadFailedCharges(stack.db),
      new Date(),
      await loadMoney(stack.db),
    );
    expect(res.body.overview).toEqual(expected.overview);
    expect(res.body.charts.monthlyTrends).toEqual(expected.monthlyTrends);
    expect(res.body.charts.dailyTrends).toEqual(expected.dailyTrends);
    expect(sortByName(res.body.charts.frequencyBreakdown)).toEqual(expected.frequencyBreakdown);
    expect(sortByName(res.body.charts.paymentMethods)).toEqual(expected.paymentMethods);
    expect(res.body.charts.dailyTrends.at(-1).amount).toBeGreaterThan(0);
  });
});

describe('streaming a large export', () => {
  it('reads the cursor in batches: 5,000 extra gifts all arrive, in date order', async () => {
    await stack.db.query(
      `INSERT INTO charges (id, customer_id, amount, currency, status, paid, brand, last4, frequency, created)
       SELECT 'ch_bulk_' || g, 'cus_ann', 100 + g, 'usd', 'succeeded', true, 'visa', '4242', 'one-time',
              timestamptz '2025-02-01 12:00:00+00' + g * interval '1 minute'
         FROM generate_series(1, 5000) g`,
    );
    const { rows } = await csv('/api/admin/tax-exports/bulk-report/2025');
    const bulk = rows.filter((r) => r['Transaction ID'].startsWith('ch_bulk_'));
    expect(bulk).toHaveLength(5000);
    expect(bulk[0]).toMatchObject({ 'Transaction ID': 'ch_bulk_1', Amount: '1.01' });
    expect(bulk[4999]).toMatchObject({ 'Transaction ID': 'ch_bulk_5000', Amount: '51.00' });
    expect(rows.length).toBe(5000 + 10);
    await stack.db.query(`DELETE FROM charges WHERE id LIKE 'ch_bulk_%'`);
  });
});

describe('OpenAPI', () => {
  it('documents every admin call with bearer auth and the money units', async () => {
    const res = await request(stack.apiUrl).get('/api/docs-json').expect(200);
    const paths = res.body.paths as Record<string, Record<string, { security?: unknown[]; description?: string }>>;
    for (const [path, method] of [
      ['/api/stripe/analytics', 'get'],
      ['/api/stripe/customers', 'get'],
      ['/api/stripe/customers', 'post'],
      ['/api/stripe/customer/{id}', 'get'],
      ['/api/stripe/customer/{id}', 'delete'],
      ['/api/stripe/customer/{id}/transactions', 'get'],
      ['/api/stripe/payment-intents', 'get'],
      ['/api/admin/manual-donations', 'post'],
      ['/api/admin/manual-donations/{id}', 'delete'],
      ['/api/admin/tax-exports/bulk-report/{year}', 'get'],
      ['/api/admin/tax-exports/irs-receipts/{year}', 'get'],
      ['/api/admin/tax-exports/year-end/{customerId}/{year}', 'get'],
    ]) {
      expect(paths[path]?.[method]).toBeDefined();
      expect(paths[path][method].security).toEqual([{ bearer: [] }]);
    }
    expect(paths['/api/stripe/analytics'].get.description).toMatch(/DOLLARS/);
    expect(res.body.components.schemas.DonationStatsDto.properties.totalDonated.description).toMatch(/DOLLARS/);
    expect(res.body.components.schemas.CreateManualDonationDto.required).toEqual(
      expect.arrayContaining(['donorName', 'amount', 'donationType', 'donationDate']),
    );
  });
});
