import { RefundDays1764690000000 } from '../../migrations/1764690000000-RefundDays.js';
import { rerunMigration } from '../helpers/migration-rerun.js';
import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { authed, signIn } from '../helpers/admin.js';
import { downloadCsv } from '../helpers/csv-download.js';
import { localDay } from '../helpers/admin-api-expected.js';
import { money, type Money } from '../helpers/year-expected.js';
import { feesRead, waitForProjection } from '../helpers/events.js';
import { emulatorHelper } from '../helpers/stripe-shapes.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * Every figure means one thing on every screen. The emulator makes gifts over the last days of last month and
 * the first of this one, with a refund and a lost dispute that fall in the month after their gift, a gift
 * refunded the day it was made, a gift to a fund, Stripe's daily payouts, and manual gifts of every type. The
 * test recomputes each month's money from Stripe's own objects (read through the SDK) and checks the Month-end
 * view (JSON, CSV, PDF), the dashboard for the same month, the Payouts view and the ledger against them, and
 * figures of the same name against each other. The cases of issue 26's table: the average is the same on
 * the dashboard and Insights (one answer for the period); refunds and disputes count on their own day; the
 * payouts identity holds and nothing waits negatively; the ledger's count is the dashboard's plus the failed.
 */
const DAY = 86400;
const TZ = 'America/New_York';
let stack: Stack;
let api: ReturnType<typeof authed>;
let stripe: Stripe;
let lastMonth: string;
let thisMonth: string;
const manual: Array<{ type: string; cents: number; fund: 'General' | 'Scholarships' }> = [];

/** The test's own reading of Stripe's balance transactions (year-expected.ts): each on its local day, payouts left out. */
const stripeMoney = (lines: Stripe.BalanceTransaction[], month: string): Money =>
  money(lines, (t) => localDay(new Date(t.created * 1000), TZ).slice(0, 7) === month);

const csvOf = async (path: string) => (await downloadCsv(api, path)).rows;
const cents = (dollars: string) => Math.round(Number(dollars) * 100);
const dollars = (c: number) => c / 100;
const shiftDay = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * DAY * 1000).toISOString().slice(0, 10);

beforeAll(async () => {
  stack = await startStack({ env: { TIME_ZONE: TZ } });
  api = authed(stack, (await signIn(stack)).token);
  stripe = createStripeClient(stack.env, { maxNetworkRetries: 0 });
  const realNow = stack.emulator!.now();
  const today = localDay(new Date(realNow * 1000), TZ);
  thisMonth = today.slice(0, 7);
  const firstDay = `${thisMonth}-01`;
  lastMonth = shiftDay(firstDay, -1).slice(0, 7);
  // Three days before this month began, at 17:00 UTC (midday in New York), then day by day.
  const start = Date.parse(`${shiftDay(firstDay, -3)}T17:00:00Z`) / 1000;
  await stack.emulator!.advanceClock(start - realNow);
  const fund = (await api.post('/api/admin/funds').send({ name: 'Scholarships' }).expect(201)).body.id as number;
  const donor = (
    await api.post('/api/stripe/customers').send({ name: 'Rosa Reyes', email: 'rosa@example.org' }).expect(201)
  ).body.id;
  const give = (amount: number, metadata: Record<string, string> = {}) =>
    stripe.paymentIntents.create({
      amount,
      currency: 'usd',
      customer: donor,
      payment_method: 'pm_card_visa',
      confirm: true,
      allowed_payment_method_types: ['card'],
      metadata,
    });
  const early = await give(10000); // refunded in part on day 4 (this month)
  await give(2500, { fund_id: String(fund) });
  await stack.emulator!.advanceClock(DAY);
  const disputed = await give(5000); // disputed and lost on day 3 (this month)
  await stripe.paymentIntents
    .create({
      amount: 777,
      currency: 'usd',
      customer: donor,
      payment_method: 'pm_card_chargeDeclined',
      confirm: true,
      allowed_payment_method_types: ['card'],
    })
    .catch(() => undefined);
  await stack.emulator!.advanceClock(DAY);
  const same = await give(4200); // the last day of last month: refunded the same day
  await stripe.refunds.create({ payment_intent: same.id });
  await stack.emulator!.advanceClock(DAY);
  await give(3000, { fund_id: String(fund) }); // the first of this month
  const dispute = await emulatorHelper(stack.emulator!, `charges/${disputed.latest_charge as string}/dispute`, {});
  await emulatorHelper(stack.emulator!, `disputes/${dispute.id}/close`, { status: 'lost' });
  await stack.emulator!.advanceClock(DAY);
  await stripe.refunds.create({ payment_intent: early.id, amount: 2500 });
  // Manual gifts of every type in last month, half of them to the fund.
  for (const [i, type] of ['cash', 'check', 'stock', 'item', 'crypto', 'other'].entries()) {
    const c = 1000 * (i + 1);
    const toFund = i % 2 === 1;
    manual.push({ type, cents: c, fund: toFund ? 'Scholarships' : 'General' });
    await api
      .post('/api/admin/manual-donations')
      .send({
        donorName: 'Walk-in',
        amount: String(c / 100),
        donationType: type,
        donationDate: `${lastMonth}-15T17:00:00Z`,
        ...(toFund ? { fundId: fund } : {}),
        // A gift of property is described (never valued on the donor's documents); its amount is the school's estimate.
        ...(['cash', 'check'].includes(type) ? {} : { giftDescription: `A ${type} gift` }),
      })
      .expect(201);
  }
  // Up to an hour before the real now: Stripe's daily payouts of the days between.
  await stack.emulator!.advanceClock(realNow - 3600 - stack.emulator!.now());
  await stack.emulator!.flushWebhooks(30000);
  await waitForProjection(stack, { timeoutMs: 30000, predicate: feesRead(stack) });
});
afterAll(() => stack?.stop());

describe('every figure means one thing on every screen', () => {
  it("gives each month Stripe's own money, refunds and disputes on the day they happened, on the Month-end view and the dashboard alike", async () => {
    const lines = await stripe.balanceTransactions.list({ limit: 100 }).autoPagingToArray({ limit: 10000 });
    for (const month of [lastMonth, thisMonth]) {
      const want = stripeMoney(lines, month);
      const m = (await api.get(`/api/stripe/month-end?month=${month}`).expect(200)).body;
      expect(m.stripe).toEqual({
        name: 'Card and bank',
        grossCents: want.gross,
        refundCents: want.refunds,
        disputeCents: want.disputes,
        feeCents: want.fees,
        receivedCents: want.received,
        afterFeesCents: want.afterFees,
      });
      const a = (await api.get(`/api/stripe/analytics?month=${month}`).expect(200)).body.overview;
      expect(a).toMatchObject({
        grossAmount: dollars(want.gross),
        refunds: dollars(want.refunds),
        disputes: dollars(want.disputes),
        stripeFees: dollars(want.fees),
        receivedAmount: dollars(want.received),
        netAfterFees: dollars(want.afterFees),
      });
      // Figures by method and by fund add up to the total.
      for (const rows of [m.byMethod, m.byFund]) {
        for (const k of ['grossCents', 'refundCents', 'disputeCents', 'feeCents', 'receivedCents', 'afterFeesCents']) {
          expect(rows.reduce((s: number, r: Record<string, number>) => s + r[k], 0)).toBe(m.total[k]);
        }
      }
    }
    // The crossing: last month keeps its gifts whole; this month carries the refund and the dispute.
    const last = (await api.get(`/api/stripe/month-end?month=${lastMonth}`).expect(200)).body;
    const now = (await api.get(`/api/stripe/month-end?month=${thisMonth}`).expect(200)).body;
    expect(last.stripe).toMatchObject({ grossCents: 10000 + 2500 + 5000 + 4200, refundCents: 4200, disputeCents: 0 });
    expect(now.stripe).toMatchObject({ grossCents: 3000, refundCents: 2500, disputeCents: 5000 });
    const manualCents = manual.reduce((s, g) => s + g.cents, 0);
    expect(last.total.grossCents).toBe(last.stripe.grossCents + manualCents);
    expect(last.byMethod.map((r: { name: string }) => r.name)).toEqual([
      'Card',
      'Cash',
      'Check',
      'Stock/Securities',
      'In-Kind Item',
      'Cryptocurrency',
      'Other',
    ]);
    expect(last.byFund.find((r: { name: string }) => r.name === 'Scholarships').grossCents).toBe(
      2500 + manual.filter((g) => g.fund === 'Scholarships').reduce((s, g) => s + g.cents, 0),
    );
  });

  it("keeps a gift in its month's Total Revenue and takes its refund or dispute from the month they happened, on the cards and the chart alike", async () => {
    const manualCents = manual.reduce((s, g) => s + g.cents, 0);
    const total = async (month: string) => (await api.get(`/api/stripe/analytics?month=${month}`).expect(200)).body;
    const last = await total(lastMonth);
    const now = await total(thisMonth);
    // Last month keeps the gift refunded this month and the gift disputed this month whole (only the same-day refund goes).
    expect(last.overview.totalAmount).toBe(dollars(10000 + 2500 + 5000 + 4200 - 4200 + manualCents));
    // This month: its one gift, less the refund and the lost dispute made this month.
    expect(now.overview.totalAmount).toBe(dollars(3000 - 2500 - 5000));
    // Total Revenue is the Month-end view's received money (Stripe's lines, each on its day) plus the manual gifts.
    for (const [month, a] of [
      [lastMonth, last],
      [thisMonth, now],
    ] as const) {
      const m = (await api.get(`/api/stripe/month-end?month=${month}`).expect(200)).body;
      expect(a.overview.totalAmount).toBe(dollars(m.total.receivedCents));
    }
    // The chart's "All gifts" series (twelve months to this one) gives each month the same number.
    const amounts = (await api.get('/api/stripe/analytics').expect(200)).body.charts.monthlyTrends.map(
      (t: { amount: number }) => t.amount,
    );
    expect(amounts.slice(-2)).toEqual([last.overview.totalAmount, now.overview.totalAmount]);
    // The ledger's totals over each month are the dashboard's.
    const ledgerNet = async (from: string, to: string) =>
      (await api.get(`/api/stripe/transactions?start_date=${from}&end_date=${to}&pageSize=1`).expect(200)).body.totals
        .netCents;
    expect(await ledgerNet(`${thisMonth}-01`, localDay(new Date(), TZ))).toBe(3000 - 2500 - 5000);
    // Also when a search or a status filter makes the rows answer (not daily_totals): Rosa's card gifts by month.
    const lastDay = shiftDay(`${thisMonth}-01`, -1);
    for (const [from, to, want] of [
      [`${lastMonth}-01`, lastDay, 10000 + 2500 + 5000 + 4200 - 4200],
      [`${thisMonth}-01`, localDay(new Date(), TZ), 3000 - 2500 - 5000],
    ] as const) {
      const q = `start_date=${from}&end_date=${to}&pageSize=1`;
      expect((await api.get(`/api/stripe/transactions?${q}&q=Rosa`).expect(200)).body.totals.netCents).toBe(want);
      expect(
        (
          await api
            .get(`/api/stripe/transactions?${q}&method=card&status=succeeded,partially_refunded,refunded,disputed`)
            .expect(200)
        ).body.totals.netCents,
      ).toBe(want);
    }
  });

  it("gives the Tax Reports tab the year's refunds and disputes made in it, the dashboard's figures for that year", async () => {
    const lines = await stripe.balanceTransactions.list({ limit: 100 }).autoPagingToArray({ limit: 10000 });
    for (const year of [...new Set([lastMonth.slice(0, 4), thisMonth.slice(0, 4)])]) {
      const made = lines.filter((t) => localDay(new Date(t.created * 1000), TZ).startsWith(year));
      const refunds = -made.filter((t) => t.type === 'refund').reduce((s, t) => s + t.amount, 0);
      const disputes = -made.filter((t) => t.type === 'adjustment').reduce((s, t) => s + t.amount, 0);
      const tax = (await api.get(`/api/admin/tax-exports/refunds/${year}`).expect(200)).body;
      expect(tax).toEqual({ year: Number(year), refundCents: refunds, disputeCents: disputes });
      const dash = (await api.get(`/api/stripe/analytics?year=${year}`).expect(200)).body.overview;
      expect([dash.refunds, dash.disputes]).toEqual([dollars(tax.refundCents), dollars(tax.disputeCents)]);
    }
    await api.get('/api/admin/tax-exports/refunds/1999').expect(400);
  });

  it("lists the month's payouts as Stripe made them, and the Payouts identity holds with nothing waiting below zero", async () => {
    const payouts = await stripe.payouts.list({ limit: 100 }).autoPagingToArray({ limit: 1000 });
    expect(payouts.length).toBeGreaterThanOrEqual(2);
    for (const month of [lastMonth, thisMonth]) {
      const m = (await api.get(`/api/stripe/month-end?month=${month}`).expect(200)).body;
      const mine = payouts.filter((p) => new Date(p.arrival_date * 1000).toISOString().slice(0, 7) === month);
      expect(m.payouts.map((p: { id: string }) => p.id).sort()).toEqual(mine.map((p) => p.id).sort());
      expect(m.depositedCents).toBe(mine.filter((p) => p.status === 'paid').reduce((s, p) => s + p.amount, 0));
      expect(m.inTransitCents).toBe(
        mine.filter((p) => ['pending', 'in_transit'].includes(p.status)).reduce((s, p) => s + p.amount, 0),
      );
    }
    const t = (await api.get('/api/admin/payouts').expect(200)).body.totals;
    const all = await stripe.balanceTransactions.list({ limit: 100 }).autoPagingToArray({ limit: 10000 });
    const money = all.filter((b) => !b.type.startsWith('payout'));
    expect(t.grossCents - t.refundCents - t.disputeCents - t.feeCents).toBe(t.netCents);
    expect(t.netCents).toBe(money.reduce((s, b) => s + b.net, 0));
    expect(t.netCents + t.owedCents).toBe(t.depositedCents + t.inTransitCents + t.pendingCents);
    expect(t.pendingCents).toBeGreaterThanOrEqual(0);
    // The dispute and the refund came after their gifts were paid out: Stripe's balance is below zero, owed.
    const balance = await stripe.balance.retrieve();
    const stripeBalance = balance.available[0].amount + balance.pending[0].amount;
    expect(t.pendingCents - t.owedCents).toBe(stripeBalance);
    expect(t.owedCents).toBe(Math.max(0, -stripeBalance));
  });

  it('gives the same name the same number: the average on the dashboard and Insights, the count with the failed named apart', async () => {
    const a = (await api.get(`/api/stripe/analytics?month=${lastMonth}`).expect(200)).body;
    const ledger = (
      await api
        .get(
          `/api/stripe/transactions?start_date=${lastMonth}-01&end_date=${shiftDay(`${thisMonth}-01`, -1)}&pageSize=100`,
        )
        .expect(200)
    ).body;
    const failed = ledger.data.filter((t: { status: string }) => t.status === 'failed').length;
    expect(failed).toBe(1);
    expect(ledger.totals.count).toBe(a.overview.totalDonations + failed);
    expect(a.overview.failedCharges).toBe(failed);
    expect(ledger.totals.netCents / 100).toBe(a.overview.totalAmount);
    expect(a.overview.averageDonation).toBe(Math.round(ledger.totals.netCents / a.overview.totalDonations) / 100);
    // The ledger's gross card gifts of the month are the Month-end view's gross.
    const m = (await api.get(`/api/stripe/month-end?month=${lastMonth}`).expect(200)).body;
    const cardGross = ledger.data
      .filter((t: { type: string; status: string }) => t.type === 'card' && !['failed', 'pending'].includes(t.status))
      .reduce((s: number, t: { amount: number }) => s + t.amount, 0);
    expect(cardGross).toBe(m.stripe.grossCents);
  });

  it("finds a month's refunds by the day they were made, whatever the day of their gift", async () => {
    const refunds = async (from: string, to: string) =>
      (
        await api
          .get(`/api/stripe/transactions?status=refunded,partially_refunded&start_date=${from}&end_date=${to}`)
          .expect(200)
      ).body.data.map((t: { amount: number; amount_refunded: number }) => [t.amount, t.amount_refunded]);
    const lastDay = shiftDay(`${thisMonth}-01`, -1);
    expect(await refunds(`${lastMonth}-01`, lastDay)).toEqual([[4200, 4200]]);
    // The gift of last month refunded in part this month is this month's refund.
    expect(await refunds(`${thisMonth}-01`, localDay(new Date(), TZ))).toEqual([[10000, 2500]]);
  });

  it("gives the ledger CSV Stripe's fee of each gift, and rows that read Amount - Refunded - Disputed = Net, Net - Fee = After Fees", async () => {
    const rows = await csvOf('/api/stripe/transactions/export');
    for (const r of rows.filter((x) => x.Status !== 'failed')) {
      expect(cents(r.Amount) - cents(r.Refunded) - cents(r.Disputed)).toBe(cents(r['Net Amount']));
      expect(cents(r['Net Amount']) - cents(r.Fee)).toBe(cents(r['After Fees']));
    }
    const lost = rows.find((r) => r.Status === 'disputed')!;
    expect(lost).toMatchObject({ Amount: '50.00', Refunded: '0.00', Disputed: '50.00', 'Net Amount': '0.00' });
    // Every Stripe fee belongs to a gift: the column adds up to the Payouts view's fees.
    const t = (await api.get('/api/admin/payouts').expect(200)).body.totals;
    expect(rows.reduce((sum, r) => sum + cents(r.Fee), 0)).toBe(t.feeCents);
  });

  it('downloads the month as CSV and as a one-page PDF with the same numbers', async () => {
    const m = (await api.get(`/api/stripe/month-end?month=${lastMonth}`).expect(200)).body;
    const rows = await csvOf(`/api/stripe/month-end/export?month=${lastMonth}`);
    const total = rows.find((r) => r.Section === 'Total' && r.Item === 'All methods')!;
    expect(
      [total.Gross, total.Refunds, total.Disputes, total['Stripe Fees'], total.Received, total['After Fees']].map(
        cents,
      ),
    ).toEqual([
      m.total.grossCents,
      m.total.refundCents,
      m.total.disputeCents,
      m.total.feeCents,
      m.total.receivedCents,
      m.total.afterFeesCents,
    ]);
    expect(cents(rows.find((r) => r.Item === 'Deposited')!['After Fees'])).toBe(m.depositedCents);
    expect(rows.filter((r) => r.Section === 'Payout')).toHaveLength(m.payouts.length);
    const pdf = await api
      .get(`/api/stripe/month-end/pdf?month=${lastMonth}`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(`month-end_${lastMonth}.pdf`);
    const text = (pdf.body as Buffer).toString('latin1');
    expect(text.startsWith('%PDF')).toBe(true);
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(1);
    await api.get('/api/stripe/month-end?month=2026-13').expect(400);
  });

  it('rebuilds, on upgrade, the totals the worker keeps: the migration dates refunds and disputes from the lines already read', async () => {
    const state = async () => ({
      daily: await stack.db.query(
        `SELECT day::text, source, donation_type, brand, amount::text, count FROM daily_totals WHERE amount <> 0 OR count <> 0 ORDER BY 1, 2, 3, 4`,
      ),
      monthly: await stack.db.query(
        `SELECT month::text, source, donation_type, brand, amount::text, count FROM monthly_totals WHERE amount <> 0 OR count <> 0 ORDER BY 1, 2, 3, 4`,
      ),
      charges: await stack.db.query(`SELECT id, refunds, disputed_at FROM charges ORDER BY id`),
    });
    const kept = await state();
    expect(kept.charges.filter((c: { refunds: unknown[] }) => c.refunds.length)).toHaveLength(2);
    // The database as it was before the upgrade: totals by the gift's day, no refund or dispute days.
    await stack.db.query(`ALTER TABLE charges DROP COLUMN refunds, DROP COLUMN disputed_at`);
    await stack.db.query(`UPDATE daily_totals SET amount = 0`);
    await rerunMigration(stack, new RefundDays1764690000000(), TZ);
    expect(await state()).toEqual(kept);
  });
});
