import type Stripe from 'stripe';
import { yearRange } from '../../core/src/fiscal-year/fiscal-year.js';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { authed, createAdmin, signIn } from '../helpers/admin.js';
import { localDay } from '../helpers/admin-api-expected.js';
import { downloadCsv } from '../helpers/csv-download.js';
import { waitForProjection } from '../helpers/events.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * Fiscal years (an owner's setting: the year's first month) in every report, and the dashboard's gross, Stripe
 * fees and net. With a July start, a gift on June 30 and one on July 1 fall in different fiscal years in the
 * ledger, the analytics and retention, while the tax export (calendar years, as the IRS asks) keeps both in one
 * year. The money figures are recomputed here from the emulator's balance transactions, read through the SDK.
 */
const TZ = 'America/Chicago';
const Y = Number(localDay(new Date(), TZ).slice(0, 4));
/** The boundary gifts: two calendar years back, so no card gift made today can share their fiscal years. */
const B = Y - 2;
let stack: Stack;
let api: ReturnType<typeof authed>;
let stripe: Stripe;
let ann: string;

beforeAll(async () => {
  stack = await startStack({ env: { TIME_ZONE: TZ } });
  api = authed(stack, (await signIn(stack)).token);
  stripe = createStripeClient(stack.env, { maxNetworkRetries: 0 });
  ann = (await api.post('/api/stripe/customers').send({ name: 'Ann Boundary', email: 'ann@example.org' }).expect(201))
    .body.id;
  const record = (day: string, amount: string) =>
    api
      .post('/api/admin/manual-donations')
      .send({
        stripeCustomerId: ann,
        donorName: 'Ann Boundary',
        amount,
        donationType: 'check',
        donationDate: `${day}T17:00:00Z`,
      })
      .expect(201);
  await record(`${B}-06-30`, '100');
  await record(`${B}-07-01`, '50');
  // Card gifts today: one refunded in part, one declined; their balance transactions carry Stripe's fees.
  const give = (amount: number, pm = 'pm_card_visa') =>
    stripe.paymentIntents.create({
      amount,
      currency: 'usd',
      customer: ann,
      payment_method: pm,
      confirm: true,
      allowed_payment_method_types: ['card'],
    });
  await give(2500);
  const refunded = await give(12345);
  await give(999, 'pm_card_mastercard');
  await give(5000, 'pm_card_chargeDeclined').catch(() => undefined);
  await stripe.refunds.create({ payment_intent: refunded.id, amount: 2000 });
  await stack.emulator!.flushWebhooks(20000);
  await waitForProjection(stack);
});
afterAll(() => stack?.stop());

const analytics = async (query: string) => (await api.get(`/api/stripe/analytics${query}`).expect(200)).body;
const ledger = async (range: { fromDay: string; toDay: string }) =>
  (await api.get(`/api/stripe/transactions?start_date=${range.fromDay}&end_date=${range.toDay}`).expect(200)).body;
const retention = async (query: string) => (await api.get(`/api/stripe/retention${query}`).expect(200)).body;
const lybunt = async (query: string) =>
  (await api.get(`/api/stripe/retention/lapsed?kind=lybunt${query}`).expect(200)).body.data.map(
    (d: { id: string }) => d.id,
  );

describe('fiscal years', () => {
  it('is an owner setting, January by default, audited, and read by every admin', async () => {
    const bookkeeper = authed(stack, (await signIn(stack, await createAdmin(stack, { role: 'bookkeeper' }))).token);
    expect((await bookkeeper.get('/api/stripe/fiscal-year').expect(200)).body).toEqual({
      startMonth: 1,
      today: localDay(new Date(), TZ),
    });
    expect((await api.get('/api/admin/settings').expect(200)).body.fiscalYearStartMonth).toMatchObject({
      value: 1,
      updatedAt: null,
    });
    await bookkeeper.patch('/api/admin/settings').send({ fiscalYearStartMonth: 7 }).expect(403);
    await api.patch('/api/admin/settings').send({ fiscalYearStartMonth: 13 }).expect(400);
    await api.patch('/api/admin/settings').send({ fiscalYearStartMonth: 1.5 }).expect(400);
    // With a January start fiscal years are calendar years: FY B holds both gifts.
    expect((await analytics(`?year=${B}&basis=fiscal`)).overview.totalAmount).toBe(150);

    const saved = (await api.patch('/api/admin/settings').send({ fiscalYearStartMonth: 7 }).expect(200)).body;
    expect(saved.fiscalYearStartMonth).toMatchObject({ value: 7, updatedBy: expect.any(String) });
    expect((await bookkeeper.get('/api/stripe/fiscal-year').expect(200)).body.startMonth).toBe(7);
    const [entry] = await stack.db.query(
      `SELECT details FROM audit_log WHERE action = 'settings.changed' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry.details).toMatchObject({ key: 'reports.fiscal_year_start_month', from: 1, to: 7 });
  });

  it('puts June 30 and July 1 in different fiscal years in the ledger', async () => {
    const fyB = yearRange(B, 'fiscal', 7);
    expect(fyB).toEqual({ fromDay: `${B - 1}-07-01`, toDay: `${B}-06-30` });
    const before = await ledger(fyB);
    const after = await ledger(yearRange(B + 1, 'fiscal', 7));
    expect(before.data.map((t: { amount: number }) => t.amount)).toEqual([10000]);
    expect(after.data.map((t: { amount: number }) => t.amount)).toEqual([5000]);
    expect([before.totals.netCents, after.totals.netCents]).toEqual([10000, 5000]);
    expect((await ledger(yearRange(B, 'calendar', 7))).totals.netCents).toBe(15000);
  });

  it('puts them in different fiscal years in the analytics figures and the monthly chart', async () => {
    const fyB = await analytics(`?year=${B}&basis=fiscal`);
    expect(fyB.period).toEqual({
      year: B,
      basis: 'fiscal',
      quarter: null,
      month: null,
      label: `FY ${B}`,
      fromDay: `${B - 1}-07-01`,
      toDay: `${B}-06-30`,
    });
    expect(fyB.overview).toMatchObject({ totalAmount: 100, totalDonations: 1 });
    expect(fyB.charts.monthlyTrends.map((m: { month: string }) => m.month)).toEqual([
      `Jul ${B - 1}`,
      `Aug ${B - 1}`,
      `Sep ${B - 1}`,
      `Oct ${B - 1}`,
      `Nov ${B - 1}`,
      `Dec ${B - 1}`,
      `Jan ${B}`,
      `Feb ${B}`,
      `Mar ${B}`,
      `Apr ${B}`,
      `May ${B}`,
      `Jun ${B}`,
    ]);
    expect(fyB.charts.monthlyTrends.at(-1).amount).toBe(100);
    const fyNext = await analytics(`?year=${B + 1}&basis=fiscal`);
    expect(fyNext.overview).toMatchObject({ totalAmount: 50, totalDonations: 1 });
    expect(fyNext.charts.monthlyTrends[0]).toMatchObject({ month: `Jul ${B}`, amount: 50 });
    const calendar = await analytics(`?year=${B}`);
    expect(calendar.period.label).toBe(`Calendar ${B}`);
    expect(calendar.overview).toMatchObject({ totalAmount: 150, totalDonations: 2 });
    expect(calendar.charts.monthlyTrends.slice(5, 7).map((m: { amount: number }) => m.amount)).toEqual([100, 50]);
  });

  it('gives quarters (fiscal ones too) and months their own figures', async () => {
    const q4 = await analytics(`?year=${B}&basis=fiscal&quarter=4`);
    expect(q4.period).toEqual({
      year: B,
      basis: 'fiscal',
      quarter: 4,
      month: null,
      label: `FY ${B} Q4`,
      fromDay: `${B}-04-01`,
      toDay: `${B}-06-30`,
    });
    expect(q4.overview).toMatchObject({ totalAmount: 100, totalDonations: 1 });
    expect(q4.charts.monthlyTrends.map((m: { month: string }) => m.month)).toEqual([
      `Apr ${B}`,
      `May ${B}`,
      `Jun ${B}`,
    ]);
    const q1Next = await analytics(`?year=${B + 1}&basis=fiscal&quarter=1`);
    expect(q1Next.overview).toMatchObject({ totalAmount: 50, totalDonations: 1 });
    const calendarQ3 = await analytics(`?year=${B}&quarter=3`);
    expect(calendarQ3.period.label).toBe(`Q3 ${B}`);
    expect(calendarQ3.overview).toMatchObject({ totalAmount: 50, totalDonations: 1 });
    const june = await analytics(`?month=${B}-06`);
    expect(june.period).toMatchObject({
      month: `${B}-06`,
      label: `June ${B}`,
      fromDay: `${B}-06-01`,
      toDay: `${B}-06-30`,
    });
    expect(june.overview).toMatchObject({ totalAmount: 100, totalDonations: 1, averageDonation: 100 });
    await api.get('/api/stripe/analytics?year=2026&quarter=5').expect(400);
    await api.get('/api/stripe/analytics?month=2026-13').expect(400);
  });

  it('counts retention by fiscal year: retained across the boundary, lapsed by calendar year', async () => {
    // Calendar: both gifts in B, none in B + 1, so Ann is LYBUNT for B + 1 and there is no one to retain in B.
    expect((await retention(`?year=${B}`)).retention).toEqual({ part: 0, whole: 0, percent: null });
    expect(await lybunt(`&year=${B + 1}`)).toEqual([ann]);
    // Fiscal: June 30 is FY B, July 1 FY B + 1, so she gave in both and was retained.
    const fy = await retention(`?year=${B + 1}&basis=fiscal`);
    expect(fy).toMatchObject({
      year: B + 1,
      basis: 'fiscal',
      label: `FY ${B + 1}`,
      retention: { part: 1, whole: 1, percent: 100 },
    });
    expect(await lybunt(`&year=${B + 1}&basis=fiscal`)).toEqual([]);
    expect((await retention(`?year=${B}&basis=fiscal`)).firstTime).toEqual({ part: 1, whole: 1, percent: 100 });
    expect((await retention(`?year=${B + 1}&basis=fiscal`)).firstTime.whole).toBe(0);
    const csv = await api.get(`/api/stripe/retention/lapsed/export?kind=lybunt&year=${B + 2}&basis=fiscal`).expect(200);
    expect(csv.headers['content-disposition']).toContain(`lybunt_fy${B + 2}_`);
  });

  it('places a gift recorded after the change in its fiscal year too', async () => {
    const bo = (await api.post('/api/stripe/customers').send({ name: 'Bo Later', email: 'bo@example.org' }).expect(201))
      .body.id;
    await api
      .post('/api/admin/manual-donations')
      .send({
        stripeCustomerId: bo,
        donorName: 'Bo Later',
        amount: '20',
        donationType: 'cash',
        donationDate: `${B}-07-02T17:00:00Z`,
      })
      .expect(201);
    // Both gave in FY B + 1 (Ann on July 1, Bo on July 2) and neither in FY B + 2.
    expect((await lybunt(`&year=${B + 2}&basis=fiscal`)).sort()).toEqual([ann, bo].sort());
    expect(await lybunt(`&year=${B + 1}&basis=fiscal`)).toEqual([]);
    await api.delete(`/api/stripe/customer/${bo}`).expect(200);
  });

  it('keeps the tax export on calendar years: both gifts in one year', async () => {
    const { rows } = await downloadCsv(api, `/api/admin/tax-exports/bulk-report/${B}`);
    expect(rows.map((r) => [r['Date'].slice(0, 10), r['Donor Name'], r['Amount']]).sort()).toEqual([
      [`${B}-06-30`, 'Ann Boundary', '100.00'],
      [`${B}-07-01`, 'Ann Boundary', '50.00'],
      [`${B}-07-02`, 'Bo Later', '20.00'],
    ]);
    expect((await downloadCsv(api, `/api/admin/tax-exports/bulk-report/${B - 1}`)).rows).toEqual([]);
  });
});

describe("the dashboard's gross, Stripe fees and net", () => {
  /** Stripe's own figures: every balance transaction the emulator made, read through the SDK. */
  async function stripeMoney(monthOf?: string) {
    let gross = 0;
    let fees = 0;
    let net = 0;
    for await (const t of stripe.balanceTransactions.list({ limit: 100 })) {
      if (['payout', 'payout_failure', 'payout_cancel'].includes(t.type)) continue;
      if (monthOf && localDay(new Date(t.created * 1000), TZ).slice(0, 7) !== monthOf) continue;
      if (t.type === 'charge' || t.type === 'payment') gross += t.amount;
      fees += t.fee;
      net += t.net;
    }
    return { gross, fees, net };
  }
  const dollars = (c: number) => Math.round(c) / 100;

  it('agree with the balance transactions, with the payouts view, and with the month on the chart', async () => {
    const s = await stripeMoney();
    // 3 card gifts (the declined one made no money), fees of 2.2% + 30c each, one $20 refund.
    expect(s.gross).toBe(2500 + 12345 + 999);
    expect(s.fees).toBeGreaterThan(3 * 30);
    expect(s.gross - s.fees - s.net).toBe(2000);
    const all = (await analytics('')).overview;
    expect(all).toMatchObject({
      grossAmount: dollars(s.gross),
      stripeFees: dollars(s.fees),
      netAfterFees: dollars(s.net),
      refundsAndDisputes: 20,
    });
    const payouts = (await api.get('/api/admin/payouts').expect(200)).body.totals;
    expect([payouts.grossCents, payouts.feeCents, payouts.netCents]).toEqual([s.gross, s.fees, s.net]);
    // Total Revenue (gifts net of refunds, manual ones included: $150 and Bo's $20) less Stripe's fees is the net plus the manual gifts.
    expect(Math.round(all.totalAmount * 100) - s.fees).toBe(s.net + 15000 + 2000);

    const today = localDay(new Date(), TZ);
    const month = await stripeMoney(today.slice(0, 7));
    const thisMonth = (await analytics('')).charts.monthlyTrends.at(-1);
    expect(thisMonth).toMatchObject({
      gross: dollars(month.gross),
      fees: dollars(month.fees),
      net: dollars(month.net),
    });
    // The fiscal year holding today has the same money; the fiscal years of the boundary gifts have none.
    const fyNow = Number(today.slice(0, 4)) + (Number(today.slice(5, 7)) >= 7 ? 1 : 0);
    expect((await analytics(`?year=${fyNow}&basis=fiscal`)).overview).toMatchObject({
      grossAmount: dollars(s.gross),
      netAfterFees: dollars(s.net),
    });
    expect((await analytics(`?year=${B}&basis=fiscal`)).overview).toMatchObject({
      grossAmount: 0,
      stripeFees: 0,
      netAfterFees: 0,
    });
  });
});
