import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { authed, signIn } from '../helpers/admin.js';
import { downloadCsv } from '../helpers/csv-download.js';
import { waitForProjection } from '../helpers/events.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * Stripe's payout arrival_date is midnight UTC standing for a calendar date. A payout arriving at
 * 2026-10-01T00:00:00Z reads October 1 everywhere, in a school in Chicago too (where that instant is the evening
 * of September 30): the Payouts list, its year, its CSV's name and rows, and the Month-end view of October.
 */
const ARRIVAL = Date.parse('2026-10-01T00:00:00Z') / 1000;
let stack: Stack;
let api: ReturnType<typeof authed>;
let stripe: Stripe;
let payout: Stripe.Payout;

beforeAll(async () => {
  stack = await startStack({ env: { TIME_ZONE: 'America/Chicago' } });
  api = authed(stack, (await signIn(stack)).token);
  stripe = createStripeClient(stack.env, { maxNetworkRetries: 0 });
  // A gift at noon UTC on September 28 is available two days later, at midnight UTC on the 30th, when the daily
  // payout sweeps it; that payout arrives the next midnight UTC. The clock then stops short of the real now.
  await stack.emulator!.advanceClock(Date.parse('2026-09-28T12:00:00Z') / 1000 - stack.emulator!.now());
  await stripe.paymentIntents.create({
    amount: 5000,
    currency: 'usd',
    payment_method: 'pm_card_visa',
    confirm: true,
    allowed_payment_method_types: ['card'],
  });
  await stack.emulator!.advanceClock(ARRIVAL + 7200 - stack.emulator!.now());
  await stack.emulator!.flushWebhooks(20000);
  payout = (await stripe.payouts.list({ limit: 10 })).data[0];
  await waitForProjection(stack, {
    predicate: async () =>
      (
        await stack.db.query(
          `SELECT 1 FROM payouts WHERE id = $1 AND status = 'paid' AND lines_synced_at IS NOT NULL`,
          [payout.id],
        )
      ).length === 1,
  });
});
afterAll(() => stack?.stop());

it('reads a payout arriving at 2026-10-01T00:00:00Z as October 1 on the Payouts view, its CSV and the Month-end view, in Chicago', async () => {
  expect(payout.arrival_date).toBe(ARRIVAL);
  const listed = (await api.get('/api/admin/payouts').expect(200)).body.payouts.find(
    (p: { id: string }) => p.id === payout.id,
  );
  expect(listed.arrivalDay).toBe('2026-10-01');

  const { res, rows } = await downloadCsv(api, `/api/admin/payouts/${payout.id}/export`);
  expect(res.headers['content-disposition']).toContain(`payout_2026-10-01_${payout.id}.csv`);
  expect(rows.length).toBeGreaterThan(0);
  expect(new Set(rows.map((r) => r.Date))).toEqual(new Set(['2026-10-01']));

  const ids = async (month: string) => (await api.get(`/api/stripe/month-end?month=${month}`).expect(200)).body.payouts;
  expect(await ids('2026-10')).toEqual([
    { id: payout.id, amountCents: payout.amount, status: 'paid', arrivalDay: '2026-10-01' },
  ]);
  expect(await ids('2026-09')).toEqual([]);
  const { rows: monthRows } = await downloadCsv(api, '/api/stripe/month-end/export?month=2026-10');
  expect(monthRows.find((r) => r.Item === payout.id)!['Arrival Day']).toBe('2026-10-01');
});

it('puts the payout in the fiscal year of its arrival day: FY 2027, when fiscal years start in October', async () => {
  await api.patch('/api/admin/settings').send({ fiscalYearStartMonth: 10 }).expect(200);
  const fiscal = async (year: number) =>
    (await api.get(`/api/admin/payouts?year=${year}&basis=fiscal`).expect(200)).body;
  const fy2027 = await fiscal(2027);
  expect(fy2027.payouts.map((p: { id: string }) => p.id)).toEqual([payout.id]);
  expect(fy2027.period).toEqual({ label: 'FY 2027', payouts: 1, paidOutCents: payout.amount });
  expect((await fiscal(2026)).payouts).toEqual([]);
});
