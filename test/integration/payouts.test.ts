import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { runBackfill } from '../../worker/src/backfill/stripe-backfill.js';
import { authed, signIn } from '../helpers/admin.js';
import { downloadCsv } from '../helpers/csv-download.js';
import { emulatorHelper } from '../helpers/stripe-shapes.js';
import { feesRead, waitForProjection } from '../helpers/events.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * Fees and payouts reconciled: card gifts, refunds, a lost dispute and a failed payout over several emulator days, the emulator's daily payouts
 * projected from signed webhooks, and the Payouts view (GET /api/admin/payouts, one payout, its CSV) checked
 * against what the test computes itself: the fee from the published rate, the gifts and refunds it made, and
 * Stripe's own lists read through the SDK.
 */
const DAY = 86400;
let stack: Stack;
let api: ReturnType<typeof authed>;
let stripe: Stripe;
/** The one named donor (every other gift is anonymous). */
let rosa: string;
const gifts: { amount: number; refunded: number; disputed?: boolean }[] = [];
/** Stripe's fee for a dispute, kept even when the dispute is lost. */
const DISPUTE_FEE = 1500;
/** US non-profit card rate, in the test's own words: 2.2% rounded to the cent (half up), plus 30 cents. */
const cardFee = (amount: number) => Math.floor((amount * 22) / 1000 + 0.5) + 30;
const AMOUNTS = [2500, 1000, 7525, 12345, 500, 10000, 3333, 25000];

interface Page {
  payouts: Array<{ id: string; amountCents: number; status: string; arrivalDate: string; linesKnown: boolean }>;
  totals: Record<
    'grossCents' | 'feeCents' | 'refundCents' | 'disputeCents' | 'netCents' | 'paidOutCents' | 'pendingCents',
    number
  >;
}

const csvOf = async (path: string) => (await downloadCsv(api, path)).rows;
const cents = (dollars: string) => Math.round(Number(dollars) * 100);

beforeAll(async () => {
  stack = await startStack();
  api = authed(stack, (await signIn(stack)).token);
  stripe = createStripeClient(stack.env, { maxNetworkRetries: 0 });
  // Six days back (the API refuses events dated in the future), at noon UTC, then day by day towards the
  // present. Noon, whatever the hour the test runs: the daily payout is made at midnight UTC and reconciled an
  // hour later, so the last day's payout has its lines known by the end (at 00:30 it would still be pending).
  const now = stack.emulator!.now();
  await stack.emulator!.advanceClock(-6 * DAY + (DAY / 2 - (now % DAY)));
  // The first payout fails at the bank: its money comes back and goes out with a later one.
  await emulatorHelper(stack.emulator!, 'payouts/fail', { count: 1, code: 'account_closed' });
  const donor = (rosa = (
    await api.post('/api/stripe/customers').send({ name: 'Rosa Reyes', email: 'rosa@example.org' }).expect(201)
  ).body.id);
  for (let day = 0; day < 5; day++) {
    for (let i = 0; i < 4; i++) {
      const amount = AMOUNTS[(day * 4 + i) % AMOUNTS.length] + day;
      const pi = await stripe.paymentIntents.create({
        amount,
        currency: 'usd',
        customer: i % 2 ? donor : undefined,
        payment_method: 'pm_card_visa',
        confirm: true,
        allowed_payment_method_types: ['card'],
      });
      gifts.push({ amount, refunded: 0 });
      // Day 1 refunds one gift in full, day 3 part of another: each comes out of that day's payout.
      if ((day === 1 && i === 0) || (day === 3 && i === 2)) {
        const refunded = day === 1 ? amount : 1234;
        await stripe.refunds.create({ payment_intent: pi.id, amount: refunded });
        gifts[gifts.length - 1].refunded = refunded;
      }
      // Day 2's second gift is disputed by the card holder, and the school loses.
      if (day === 2 && i === 1) {
        const charge = pi.latest_charge as string;
        const dispute = await emulatorHelper(stack.emulator!, `charges/${charge}/dispute`, {});
        await emulatorHelper(stack.emulator!, `disputes/${dispute.id}/close`, { status: 'lost' });
        gifts[gifts.length - 1].disputed = true;
      }
    }
    await stack.emulator!.advanceClock(DAY);
  }
  await stack.emulator!.flushWebhooks(30000);
  // The fees of charges and refunds are read by a follow-up job after their events are projected.
  await waitForProjection(stack, { timeoutMs: 30000, predicate: feesRead(stack) });
});
afterAll(() => stack?.stop());

describe('fees and payouts, reconciled', () => {
  it("lists every payout Stripe made, and each known payout's lines add up to its amount to the cent", async () => {
    const stripePayouts = await stripe.payouts.list({ limit: 100 }).autoPagingToArray({ limit: 1000 });
    expect(stripePayouts.length).toBeGreaterThanOrEqual(3);
    const page = (await api.get('/api/admin/payouts').expect(200)).body as Page;
    expect(page.payouts.map((p) => [p.id, p.amountCents, p.status]).sort()).toEqual(
      stripePayouts.map((p) => [p.id, p.amount, p.status]).sort(),
    );
    for (const po of page.payouts) {
      expect(po.linesKnown).toBe(true);
      const detail = (await api.get(`/api/admin/payouts/${po.id}`).expect(200)).body;
      expect(detail.netCents).toBe(po.amountCents);
      expect(detail.lines.reduce((s: number, l: { netCents: number }) => s + l.netCents, 0)).toBe(po.amountCents);
      expect(detail.grossCents - detail.feeCents).toBe(po.amountCents);
      const carried = await stripe.balanceTransactions
        .list({ payout: po.id, limit: 100 })
        .autoPagingToArray({ limit: 1000 });
      expect(detail.lines.map((l: { id: string }) => l.id).sort()).toEqual(carried.map((t) => t.id).sort());
      for (const l of detail.lines) {
        if (l.kind === 'gift') expect(l.feeCents).toBe(cardFee(l.grossCents));
        if (l.kind === 'refund') expect(l.feeCents).toBe(0);
        if (l.kind === 'dispute') expect(l.feeCents).toBe(DISPUTE_FEE);
      }
    }
    // The payee is the donor of the line's charge: Rosa's lines are exactly those whose Stripe charge is hers.
    const lines: Array<{ id: string; chargeId: string | null; payee: string | null }> = (
      await api.get(`/api/admin/payouts/${page.payouts[0].id}`).expect(200)
    ).body.lines;
    const hers: string[] = [];
    for (const l of lines)
      if (l.chargeId && (await stripe.charges.retrieve(l.chargeId)).customer === rosa) hers.push(l.id);
    expect(hers).not.toEqual([]);
    expect(lines.filter((l) => l.payee === 'Rosa Reyes').map((l) => l.id)).toEqual(hers);
  });

  it('gross - fees - refunds - disputes equals the sum of payouts plus the pending balance, all from the read model', async () => {
    const { totals } = (await api.get('/api/admin/payouts').expect(200)).body as Page;
    const gross = gifts.reduce((s, g) => s + g.amount, 0);
    const fees = gifts.reduce((s, g) => s + cardFee(g.amount), 0);
    const refunds = gifts.reduce((s, g) => s + g.refunded, 0);
    const disputed = gifts.filter((g) => g.disputed).reduce((s, g) => s + g.amount, 0);
    expect(disputed).toBeGreaterThan(0);
    expect(totals).toMatchObject({
      grossCents: gross,
      feeCents: fees + DISPUTE_FEE,
      refundCents: refunds,
      disputeCents: disputed,
      netCents: gross - fees - DISPUTE_FEE - refunds - disputed,
    });
    expect(totals.paidOutCents + totals.pendingCents).toBe(totals.netCents);
    // One payout failed; its money went out again with a later payout, as a returned-payout line.
    const failed = (await stripe.payouts.list({ status: 'failed' })).data;
    expect(failed).toHaveLength(1);
    const returned = await stack.db.query(
      `SELECT amount::int, payout_id FROM balance_transactions WHERE type = 'payout_failure'`,
    );
    expect(returned).toEqual([{ amount: failed[0].amount, payout_id: expect.stringMatching(/^po_/) }]);
    const carrier = (await api.get(`/api/admin/payouts/${returned[0].payout_id}`).expect(200)).body;
    expect(
      carrier.lines
        .filter((l: { kind: string }) => l.kind === 'returned payout')
        .map((l: { grossCents: number }) => l.grossCents),
    ).toEqual([failed[0].amount]);
    // The pending balance is what Stripe still holds: its available plus pending funds.
    const balance = await stripe.balance.retrieve();
    expect(totals.pendingCents).toBe(balance.available[0].amount + balance.pending[0].amount);
    expect(totals.pendingCents).toBeGreaterThan(0);
  });

  it('exports a payout for accounting software: one row per gift, one for the fees, Net adding up to the deposit', async () => {
    const { payouts } = (await api.get('/api/admin/payouts').expect(200)).body as Page;
    for (const po of payouts) {
      const detail = (await api.get(`/api/admin/payouts/${po.id}`).expect(200)).body;
      const rows = await csvOf(`/api/admin/payouts/${po.id}/export`);
      expect(Object.keys(rows[0])).toEqual(['Date', 'Payee', 'Memo', 'Gross', 'Fee', 'Net', 'Account']);
      expect(rows).toHaveLength(detail.lines.length + 1);
      expect(rows.reduce((s, r) => s + cents(r.Net), 0)).toBe(po.amountCents);
      const feeRow = rows[rows.length - 1];
      expect(feeRow).toMatchObject({ Payee: 'Stripe', Account: 'Payment processing fees', Gross: '0.00' });
      expect(cents(feeRow.Fee)).toBe(-detail.feeCents);
      expect(rows.filter((r) => r.Account === 'Donations').length).toBe(
        detail.lines.filter((l: { kind: string }) => l.kind === 'gift').length,
      );
      expect(new Set(rows.map((r) => r.Date))).toEqual(new Set([rows[0].Date]));
    }
  });

  it('rebuilds payouts, their lines and the fees from the Stripe API with the backfill, to the same answers', async () => {
    const before = (await api.get('/api/admin/payouts').expect(200)).body as Page;
    const lines = async () =>
      stack.db.query(
        `SELECT id, type, amount::int, fee::int, net::int, charge_id, payout_id FROM balance_transactions ORDER BY id`,
      );
    const linesBefore = await lines();
    expect(linesBefore.length).toBeGreaterThan(gifts.length);
    await stack.db.query(`TRUNCATE payouts, balance_transactions, monthly_money`);
    expect(((await api.get('/api/admin/payouts').expect(200)).body as Page).payouts).toEqual([]);
    const counts = await runBackfill({ ds: stack.api.get(DataSource), stripe, timeZone: stack.env.TIME_ZONE });
    expect(counts).toMatchObject({ refunds: 2, disputes: 1, payouts: before.payouts.length });
    expect(await lines()).toEqual(linesBefore);
    expect((await api.get('/api/admin/payouts').expect(200)).body).toEqual(before);
  });

  it('lists the payouts arriving in a calendar or fiscal year, with what they took to the bank', async () => {
    const all = ((await api.get('/api/admin/payouts').expect(200)).body as Page).payouts;
    // A payout's year is that of Stripe's arrival_date read as a UTC calendar date (midnight UTC stands for a day).
    const yearOf = (iso: string) => Number(iso.slice(0, 4));
    const years = [...new Set(all.map((p) => yearOf(p.arrivalDate)))];
    for (const year of [...years, Math.min(...years) - 1]) {
      const page = (await api.get(`/api/admin/payouts?year=${year}`).expect(200)).body;
      const expected = all.filter((p) => yearOf(p.arrivalDate) === year);
      expect(page.payouts.map((p: { id: string }) => p.id)).toEqual(expected.map((p) => p.id));
      const kept = expected.filter((p) => p.status !== 'failed' && p.status !== 'canceled');
      expect(page.period).toEqual({
        label: `Calendar ${year}`,
        payouts: kept.length,
        paidOutCents: kept.reduce((s, p) => s + p.amountCents, 0),
      });
    }
    expect((await api.get('/api/admin/payouts').expect(200)).body.period).toBeNull();
    await api.get('/api/admin/payouts?year=1999').expect(400);
  });

  // Last: it moves the clock on. Between a payout and its reconciliation an hour later, Stripe has taken the
  // payout's amount from the balance but not yet named its lines.
  it('in the hour before a payout is reconciled, its amount is paid out and no longer waiting in Stripe', async () => {
    const now = stack.emulator!.now();
    // To one second past midnight UTC (today's, never ahead of the real clock): the day's payout is made, not reconciled.
    await stack.emulator!.advanceClock(DAY - (now % DAY) + 1);
    await stack.emulator!.flushWebhooks(30000);
    await waitForProjection(stack, { timeoutMs: 30000, predicate: feesRead(stack) });
    const { payouts, totals } = (await api.get('/api/admin/payouts').expect(200)).body as Page;
    const unreconciled = payouts.filter((p) => !p.linesKnown);
    expect(unreconciled).toHaveLength(1);
    expect(unreconciled[0].amountCents).toBeGreaterThan(0);
    expect(totals.paidOutCents + totals.pendingCents).toBe(totals.netCents);
    const balance = await stripe.balance.retrieve();
    expect(totals.pendingCents).toBe(balance.available[0].amount + balance.pending[0].amount);
  });

  it('answers 404 for an unknown payout and 400 for what is not a payout id', async () => {
    await api.get('/api/admin/payouts/po_missing').expect(404);
    await api.get('/api/admin/payouts/ch_123').expect(400);
  });
});
