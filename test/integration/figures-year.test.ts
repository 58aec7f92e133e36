import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { authed, signIn } from '../helpers/admin.js';
import { localDay } from '../helpers/admin-api-expected.js';
import { downloadCsv } from '../helpers/csv-download.js';
import { feesRead, waitForProjection } from '../helpers/events.js';
import { startStack, type Stack } from '../helpers/stack.js';
import {
  chargeOfLine,
  keptCents,
  money,
  monthsBetween,
  periods,
  readStripe,
  revenue,
  type Money,
  type StripeWorld,
} from '../helpers/year-expected.js';
import { makeYear, MANUAL_TYPES, type ManualGift } from '../helpers/year-of-gifts.js';

/**
 * Every figure means one thing on every screen, over a pseudo-random year (seed: FIGURES_SEED, else the clock;
 * printed with any failure). test/helpers/year-of-gifts.ts makes the year through the emulator and the API;
 * test/helpers/year-expected.ts recomputes each figure from the emulator's own objects. Every admin screen and
 * export is checked against it, month by month and year by year (dashboard and its chart and Insights'
 * average, ledger and its CSV, Month-end and its CSV, Payouts and a payout's CSV, the tax report), and figures
 * of one name against each other across screens.
 */
const SEED = Number(process.env.FIGURES_SEED ?? Date.now() % 2 ** 31);
const TZ = 'America/Chicago';
let stack: Stack;
let api: ReturnType<typeof authed>;
let stripe: Stripe;
let w: StripeWorld;
let manual: ManualGift[];
let months: string[];
let years: string[];

const cents = (dollars: string) => Math.round(Number(dollars) * 100);
const toCents = (dollars: number) => Math.round(dollars * 100);
const figures = (m: Money) => ({
  grossCents: m.gross,
  refundCents: m.refunds,
  disputeCents: m.disputes,
  feeCents: m.fees,
  receivedCents: m.received,
  afterFeesCents: m.afterFees,
});
const manualIn = (period: string) =>
  manual.filter((g) => localDay(g.at, TZ).startsWith(period)).reduce((s, g) => s + g.cents, 0);
/** The seed goes with any failure, so the year can be made again. */
const seeded = (fn: () => Promise<void>) => async () => {
  try {
    await fn();
  } catch (err) {
    (err as Error).message = `FIGURES_SEED=${SEED}\n${(err as Error).message}`;
    throw err;
  }
};

beforeAll(
  seeded(async () => {
    stack = await startStack({ env: { TIME_ZONE: TZ } });
    api = authed(stack, (await signIn(stack)).token);
    stripe = createStripeClient(stack.env, { maxNetworkRetries: 0 });
    const made = await makeYear(stack, api, stripe, SEED, TZ);
    manual = made.manual;
    await stack.emulator!.flushWebhooks(60000);
    await waitForProjection(stack, { timeoutMs: 60000, predicate: feesRead(stack) });
    w = await readStripe(stripe);
    months = monthsBetween(made.firstMonth, localDay(new Date(), TZ).slice(0, 7));
    years = [...new Set(months.map((m) => m.slice(0, 4)))];
  }),
  120_000,
);
afterAll(() => stack?.stop());

it(
  'made the year it meant to: card and bank gifts, refunds, disputes won and lost, declined cards, payouts, manual gifts of every type',
  seeded(async () => {
    const methods = new Set(w.charges.map((c) => c.payment_method_details?.type));
    expect(methods).toEqual(new Set(['card', 'us_bank_account']));
    expect(w.disputes.some((d) => d.status === 'won') && w.disputes.some((d) => d.status === 'lost')).toBe(true);
    expect(w.refunds.length).toBeGreaterThanOrEqual(2);
    expect(w.charges.some((c) => c.status === 'failed')).toBe(true);
    expect(w.payouts.length).toBeGreaterThan(20);
    expect(new Set(manual.map((g) => g.type))).toEqual(new Set(MANUAL_TYPES));
  }),
);

it(
  'gives each month its own money on the dashboard, its chart, the ledger and the Month-end view and CSV, recomputed from Stripe',
  seeded(async () => {
    const { inPeriod } = periods(TZ);
    const chargeOf = chargeOfLine(w);
    for (const month of months) {
      const want = money(w.lines, (t) => inPeriod(t.created, month));
      const rev = revenue(w, manual, TZ, month);
      const failed = w.charges.filter((c) => c.status === 'failed' && inPeriod(c.created, month)).length;
      const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
      const [dash, end, ledger, { rows }] = await Promise.all([
        api
          .get(`/api/stripe/analytics?month=${month}`)
          .expect(200)
          .then((r) => r.body),
        api
          .get(`/api/stripe/month-end?month=${month}`)
          .expect(200)
          .then((r) => r.body),
        api
          .get(`/api/stripe/transactions?start_date=${month}-01&end_date=${month}-${last}&pageSize=1`)
          .expect(200)
          .then((r) => r.body.totals),
        downloadCsv(api, `/api/stripe/month-end/export?month=${month}`),
      ]);
      expect({ month, ...dash.overview }).toMatchObject({
        month,
        totalAmount: rev.cents / 100,
        totalDonations: rev.count,
        failedCharges: failed,
        averageDonation: rev.count ? Math.round(rev.cents / rev.count) / 100 : 0,
        grossAmount: want.gross / 100,
        refunds: want.refunds / 100,
        disputes: want.disputes / 100,
        stripeFees: want.fees / 100,
        receivedAmount: want.received / 100,
        netAfterFees: want.afterFees / 100,
      });
      expect(dash.charts.monthlyTrends.map((p: { amount: number }) => p.amount)).toEqual([rev.cents / 100]);
      expect({ month, ...end.stripe }).toEqual({ month, name: 'Card and bank', ...figures(want) });
      expect(end.total.grossCents).toBe(want.gross + manualIn(month));
      expect(end.total.receivedCents).toBe(want.received + manualIn(month));
      for (const [name, type] of [
        ['Card', 'card'],
        ['Bank (ACH)', 'us_bank_account'],
      ]) {
        const of = money(
          w.lines,
          (t) => inPeriod(t.created, month) && chargeOf(t)?.payment_method_details?.type === type,
        );
        expect(end.byMethod.find((r: { name: string }) => r.name === name)?.grossCents ?? 0).toBe(of.gross);
      }
      for (const split of [end.byMethod, end.byFund]) {
        expect(split.reduce((s: number, r: { afterFeesCents: number }) => s + r.afterFeesCents, 0)).toBe(
          end.total.afterFeesCents,
        );
      }
      expect({ month, net: ledger.netCents, count: ledger.count }).toEqual({
        month,
        net: rev.cents,
        count: rev.count + failed,
      });
      const total = rows.find((r) => r.Section === 'Total' && r.Item === 'All methods')!;
      expect(
        [total.Gross, total.Refunds, total.Disputes, total['Stripe Fees'], total.Received, total['After Fees']].map(
          cents,
        ),
      ).toEqual([
        end.total.grossCents,
        end.total.refundCents,
        end.total.disputeCents,
        end.total.feeCents,
        end.total.receivedCents,
        end.total.afterFeesCents,
      ]);
      // The month's payouts: those whose arrival day (Stripe's arrival_date, a UTC date) is in it.
      const mine = w.payouts.filter((p) => new Date(p.arrival_date * 1000).toISOString().startsWith(month));
      expect(end.payouts.map((p: { id: string; arrivalDay: string }) => [p.id, p.arrivalDay]).sort()).toEqual(
        mine.map((p) => [p.id, new Date(p.arrival_date * 1000).toISOString().slice(0, 10)]).sort(),
      );
      expect(end.depositedCents).toBe(mine.filter((p) => p.status === 'paid').reduce((s, p) => s + p.amount, 0));
      expect(end.inTransitCents).toBe(
        mine.filter((p) => ['pending', 'in_transit'].includes(p.status)).reduce((s, p) => s + p.amount, 0),
      );
    }
  }),
  60_000,
);

it(
  'gives each year the sum of its months on the dashboard and the chart, and the tax report its refunds and disputes',
  seeded(async () => {
    const { inPeriod } = periods(TZ);
    for (const year of years) {
      const want = money(w.lines, (t) => inPeriod(t.created, year));
      const rev = revenue(w, manual, TZ, year);
      const dash = (await api.get(`/api/stripe/analytics?year=${year}`).expect(200)).body;
      expect({ year, ...dash.overview }).toMatchObject({
        year,
        totalAmount: rev.cents / 100,
        totalDonations: rev.count,
        refunds: want.refunds / 100,
        disputes: want.disputes / 100,
      });
      const chart = dash.charts.monthlyTrends.map((p: { amount: number }) => toCents(p.amount));
      expect(chart).toEqual(monthsBetween(`${year}-01`, `${year}-12`).map((m) => revenue(w, manual, TZ, m).cents));
      const tax = (await api.get(`/api/admin/tax-exports/refunds/${year}`).expect(200)).body;
      expect(tax).toEqual({ year: Number(year), refundCents: want.refunds, disputeCents: want.disputes });
    }
  }),
);

it(
  "lists Stripe's payouts on their arrival day, each payout's CSV adds up to it, and the Payouts identity holds",
  seeded(async () => {
    const listed: Array<{ id: string; amountCents: number; status: string; arrivalDay: string }> = [];
    for (let page = 1; ; page++) {
      const body = (await api.get(`/api/admin/payouts?page=${page}&pageSize=100`).expect(200)).body;
      listed.push(...body.payouts);
      if (!body.hasMore) break;
    }
    const utcDay = (p: Stripe.Payout) => new Date(p.arrival_date * 1000).toISOString().slice(0, 10);
    expect(listed.map((p) => [p.id, p.amountCents, p.status, p.arrivalDay]).sort()).toEqual(
      w.payouts.map((p) => [p.id, p.amount, p.status, utcDay(p)]).sort(),
    );
    for (const p of w.payouts.filter((x) => x.reconciliation_status === 'completed').slice(0, 3)) {
      const { res, rows } = await downloadCsv(api, `/api/admin/payouts/${p.id}/export`);
      expect(res.headers['content-disposition']).toContain(`payout_${utcDay(p)}_${p.id}.csv`);
      expect(new Set(rows.map((r) => r.Date))).toEqual(new Set([utcDay(p)]));
      expect(rows.reduce((s, r) => s + cents(r.Net), 0)).toBe(p.amount);
    }
    const t = (await api.get('/api/admin/payouts').expect(200)).body.totals;
    const all = money(w.lines);
    expect(t).toMatchObject({
      grossCents: all.gross,
      refundCents: all.refunds,
      disputeCents: all.disputes,
      feeCents: all.fees,
      receivedCents: all.received,
      netCents: all.afterFees,
    });
    expect(t.netCents + t.owedCents).toBe(t.depositedCents + t.inTransitCents + t.pendingCents);
    const balance = await stripe.balance.retrieve();
    expect(t.pendingCents - t.owedCents).toBe(balance.available[0].amount + balance.pending[0].amount);
    expect(t.depositedCents).toBe(w.payouts.filter((p) => p.status === 'paid').reduce((s, p) => s + p.amount, 0));
  }),
);

it(
  "gives the ledger CSV each gift's net and Stripe's fee as the emulator's objects say, rows that add up",
  seeded(async () => {
    const { rows } = await downloadCsv(api, '/api/stripe/transactions/export');
    const chargeOf = chargeOfLine(w);
    const fees = new Map<string, number>();
    for (const t of w.lines) {
      const c = chargeOf(t);
      if (c && !t.type.startsWith('payout')) fees.set(c.id, (fees.get(c.id) ?? 0) + t.fee);
    }
    const byId = new Map(w.charges.map((c) => [c.id, c]));
    let checked = 0;
    for (const r of rows) {
      if (r.Status !== 'failed')
        expect(cents(r.Amount) - cents(r.Refunded) - cents(r.Disputed)).toBe(cents(r['Net Amount']));
      expect(cents(r['Net Amount']) - cents(r.Fee)).toBe(cents(r['After Fees']));
      const c = byId.get(r['Transaction ID']);
      if (!c) continue;
      checked += 1;
      expect({ id: c.id, net: cents(r['Net Amount']), fee: cents(r.Fee) }).toEqual({
        id: c.id,
        net: keptCents(c, w.disputes),
        fee: fees.get(c.id) ?? 0,
      });
    }
    expect(checked).toBe(w.charges.length);
    expect(rows).toHaveLength(w.charges.length + manual.length);
  }),
);

it(
  'gives figures of one name one number across screens: fees, disputes, refunds, deposits, Total Revenue',
  seeded(async () => {
    const ends = await Promise.all(
      months.map(async (m) => (await api.get(`/api/stripe/month-end?month=${m}`).expect(200)).body),
    );
    const sum = (k: string) => ends.reduce((s, e) => s + e.stripe[k], 0);
    const payouts = (await api.get('/api/admin/payouts').expect(200)).body.totals;
    const allTime = (await api.get('/api/stripe/analytics').expect(200)).body.overview;
    const { rows } = await downloadCsv(api, '/api/stripe/transactions/export');
    // Stripe fees: Payouts, the months of Month-end, the dashboard over all time, the ledger CSV's Fee column.
    expect([sum('feeCents'), toCents(allTime.stripeFees), rows.reduce((s, r) => s + cents(r.Fee), 0)]).toEqual([
      payouts.feeCents,
      payouts.feeCents,
      payouts.feeCents,
    ]);
    for (const [k, name] of [
      ['refundCents', 'refunds'],
      ['disputeCents', 'disputes'],
      ['grossCents', 'grossAmount'],
      ['receivedCents', 'receivedAmount'],
    ] as const) {
      expect({ k, months: sum(k), dashboard: toCents(allTime[name]) }).toEqual({
        k,
        months: payouts[k],
        dashboard: payouts[k],
      });
    }
    expect(ends.reduce((s, e) => s + e.depositedCents, 0)).toBe(payouts.depositedCents);
    // Total Revenue over all time: the dashboard, the ledger's total and the sum of the months' chart points.
    const ledger = (await api.get('/api/stripe/transactions?pageSize=1').expect(200)).body.totals;
    expect(toCents(allTime.totalAmount)).toBe(ledger.netCents);
    expect(toCents(allTime.totalAmount)).toBe(revenue(w, manual, TZ, '').cents);
  }),
);
