import type Stripe from 'stripe';
import { WonDisputeDays1764705000000 } from '../../migrations/1764705000000-WonDisputeDays.js';
import { rerunMigration } from '../helpers/migration-rerun.js';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { authed, signIn } from '../helpers/admin.js';
import { feesRead, waitForProjection } from '../helpers/events.js';
import { emulatorHelper } from '../helpers/stripe-shapes.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * A won dispute, as Stripe's balance shows it: the withdrawal on the day the dispute opened (September 29), the
 * reversal on the day it was won (October 2). September's Total Revenue is the same before and after the win,
 * October gets the money back, and every screen says so: the dashboard's cards, the ledger's totals, the
 * Month-end view, the tax report and the Payouts identity. Driven through the emulator (charge.dispute.closed
 * with status won, then charge.dispute.funds_reinstated, Stripe's shapes) in Chicago.
 */
const TZ = 'America/Chicago';
const at = (iso: string) => Date.parse(iso) / 1000;
let stack: Stack;
let api: ReturnType<typeof authed>;
let stripe: Stripe;
let septemberBeforeWin: { total: number; received: number };

const month = async (m: string) => ({
  dash: (await api.get(`/api/stripe/analytics?month=${m}`).expect(200)).body.overview,
  end: (await api.get(`/api/stripe/month-end?month=${m}`).expect(200)).body,
  ledger: (
    await api
      .get(`/api/stripe/transactions?start_date=${m}-01&end_date=${m}-${m.endsWith('09') ? '30' : '31'}&pageSize=1`)
      .expect(200)
  ).body.totals,
});
const settle = async (predicate: () => Promise<boolean>) => {
  await stack.emulator!.flushWebhooks(20000);
  await waitForProjection(stack, { predicate: async () => (await predicate()) && (await feesRead(stack)()) });
};

beforeAll(async () => {
  stack = await startStack({ env: { TIME_ZONE: TZ } });
  api = authed(stack, (await signIn(stack)).token);
  stripe = createStripeClient(stack.env, { maxNetworkRetries: 0 });
  await stack.emulator!.advanceClock(at('2026-09-25T17:00:00Z') - stack.emulator!.now());
  await stripe.paymentIntents.create({
    amount: 2000,
    currency: 'usd',
    payment_method: 'pm_card_visa',
    confirm: true,
    allowed_payment_method_types: ['card'],
  });
  const disputed = await stripe.paymentIntents.create({
    amount: 5000,
    currency: 'usd',
    payment_method: 'pm_card_visa',
    confirm: true,
    allowed_payment_method_types: ['card'],
  });
  await stack.emulator!.advanceClock(at('2026-09-29T17:00:00Z') - stack.emulator!.now());
  const dispute = await emulatorHelper(stack.emulator!, `charges/${disputed.latest_charge as string}/dispute`, {});
  await settle(
    async () => (await stack.db.query(`SELECT 1 FROM charges WHERE dispute_status = 'needs_response'`)).length === 1,
  );
  const sep = await month('2026-09');
  septemberBeforeWin = { total: sep.dash.totalAmount, received: sep.end.total.receivedCents };
  // Won on October 2 (Chicago): Stripe reinstates the funds that day.
  await stack.emulator!.advanceClock(at('2026-10-02T17:00:00Z') - stack.emulator!.now());
  await emulatorHelper(stack.emulator!, `disputes/${dispute.id}/close`, { status: 'won' });
  await stack.emulator!.advanceClock(at('2026-10-03T17:00:00Z') - stack.emulator!.now());
  await settle(
    async () =>
      (
        await stack.db.query(
          `SELECT 1 FROM charges c JOIN balance_transactions b ON b.charge_id = c.id AND b.reporting_category = 'dispute_reversal' WHERE c.dispute_status = 'won'`,
        )
      ).length === 1,
  );
});
afterAll(() => stack?.stop());

it("keeps September's figures when the dispute is won in October, and gives October the money back, on every screen", async () => {
  const sep = await month('2026-09');
  const oct = await month('2026-10');
  // September: both gifts, less the dispute opened that month, whatever happened later.
  expect(sep.dash.totalAmount).toBe(20);
  expect(septemberBeforeWin).toEqual({ total: 20, received: 2000 });
  expect(sep.end.total).toMatchObject({ grossCents: 7000, disputeCents: 5000, receivedCents: 2000 });
  // October: the reinstatement, a negative dispute figure (money back), as Stripe's reversal line reads.
  expect(oct.dash.totalAmount).toBe(50);
  expect(oct.end.total).toMatchObject({ grossCents: 0, disputeCents: -5000, receivedCents: 5000 });
  for (const m of [sep, oct]) {
    expect(m.dash.totalAmount * 100).toBe(m.end.total.receivedCents);
    expect(m.ledger.netCents).toBe(m.end.total.receivedCents);
    expect(m.dash.disputes * 100).toBe(m.end.total.disputeCents);
  }
  // The gift itself is whole again: its row, the donor's lifetime and the year's tax figures.
  const tax = (await api.get('/api/admin/tax-exports/refunds/2026').expect(200)).body;
  expect(tax).toEqual({ year: 2026, refundCents: 0, disputeCents: 0 });
  const year = (await api.get('/api/stripe/analytics?year=2026').expect(200)).body.overview;
  expect(year.totalAmount).toBe(70);
  const rows = (await api.get('/api/stripe/transactions?pageSize=10').expect(200)).body.data;
  expect(rows.map((r: { status: string }) => r.status)).toEqual(['succeeded', 'succeeded']);
});

it("holds the Payouts identity with the dispute fee kept and the dispute reversed, as Stripe's balance reads", async () => {
  const t = (await api.get('/api/admin/payouts').expect(200)).body.totals;
  const lines = await stripe.balanceTransactions.list({ limit: 100 }).autoPagingToArray({ limit: 1000 });
  const money = lines.filter((b) => !b.type.startsWith('payout'));
  expect(t.disputeCents).toBe(0);
  expect(t.netCents).toBe(money.reduce((s, b) => s + b.net, 0));
  expect(t.netCents + t.owedCents).toBe(t.depositedCents + t.inTransitCents + t.pendingCents);
  const balance = await stripe.balance.retrieve();
  expect(t.pendingCents - t.owedCents).toBe(balance.available[0].amount + balance.pending[0].amount);
});

it('rebuilds, on upgrade, the day of a dispute won before the upgrade from its reversal line', async () => {
  const state = async () => ({
    daily: await stack.db.query(
      `SELECT day::text, source, donation_type, brand, amount::text, count FROM daily_totals WHERE amount <> 0 OR count <> 0 ORDER BY 1, 2, 3, 4`,
    ),
    monthly: await stack.db.query(
      `SELECT month::text, source, donation_type, brand, amount::text, count FROM monthly_totals WHERE amount <> 0 OR count <> 0 ORDER BY 1, 2, 3, 4`,
    ),
    won: await stack.db.query(`SELECT id, dispute_reinstated_at FROM charges WHERE disputed ORDER BY id`),
  });
  const kept = await state();
  expect(kept.won).toHaveLength(1);
  expect(kept.won[0].dispute_reinstated_at.toISOString().slice(0, 10)).toBe('2026-10-02');
  // The database as it was before: no reinstatement day, and totals that dropped the won dispute.
  await stack.db.query(`ALTER TABLE charges DROP COLUMN dispute_reinstated_at`);
  await stack.db.query(`UPDATE daily_totals SET amount = 0`);
  await rerunMigration(stack, new WonDisputeDays1764705000000(), TZ);
  expect(await state()).toEqual(kept);
});
