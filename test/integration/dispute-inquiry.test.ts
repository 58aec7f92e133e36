import type Stripe from 'stripe';
import { InquiryHoldsNoFunds1764720000000 } from '../../migrations/1764720000000-InquiryHoldsNoFunds.js';
import { rerunMigration } from '../helpers/migration-rerun.js';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { authed, signIn } from '../helpers/admin.js';
import { feesRead, waitForProjection } from '../helpers/events.js';
import { emulatorHelper } from '../helpers/stripe-shapes.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * A dispute inquiry withdraws nothing (Stripe gives it no balance transaction), so while it is open, under review
 * and once closed every figure keeps the gift: the dashboard's Total Revenue, the ledger's net, the Month-end view
 * and the Payouts identity. An inquiry the issuer escalates to a chargeback withdraws on the day it escalated, not
 * the day the inquiry was opened. Driven through the emulator with the stripe SDK, in Chicago.
 */
const TZ = 'America/Chicago';
const at = (iso: string) => Date.parse(iso) / 1000;
let stack: Stack;
let api: ReturnType<typeof authed>;
let stripe: Stripe;
let chargeA: string;
let chargeB: string;

const monthFigures = async (m: string, last: string) => {
  const dash = (await api.get(`/api/stripe/analytics?month=${m}`).expect(200)).body.overview;
  const end = (await api.get(`/api/stripe/month-end?month=${m}`).expect(200)).body.total;
  const ledger = (
    await api.get(`/api/stripe/transactions?start_date=${m}-01&end_date=${m}-${last}&pageSize=1`).expect(200)
  ).body.totals;
  return {
    total: dash.totalAmount,
    disputes: dash.disputes,
    ledgerNet: ledger.netCents,
    received: end.receivedCents,
    disputeCents: end.disputeCents,
  };
};
const figures = async () => ({
  sep: await monthFigures('2026-09', '30'),
  year: (await api.get('/api/stripe/analytics?year=2026').expect(200)).body.overview.totalAmount,
});
const payoutsIdentity = async () => {
  const t = (await api.get('/api/admin/payouts').expect(200)).body.totals;
  const lines = await stripe.balanceTransactions.list({ limit: 100 }).autoPagingToArray({ limit: 1000 });
  expect(t.netCents).toBe(lines.filter((b) => !b.type.startsWith('payout')).reduce((s, b) => s + b.net, 0));
  expect(t.netCents + t.owedCents).toBe(t.depositedCents + t.inTransitCents + t.pendingCents);
  const balance = await stripe.balance.retrieve();
  expect(t.pendingCents - t.owedCents).toBe(balance.available[0].amount + balance.pending[0].amount);
  return t.netCents;
};
const settle = async (sql: string) => {
  await stack.emulator!.flushWebhooks(20000);
  await waitForProjection(stack, {
    predicate: async () => (await stack.db.query(sql)).length > 0 && (await feesRead(stack)()),
  });
};
const statusOf = async (charge: string) =>
  (await stack.db.query(`SELECT dispute_status FROM charges WHERE id = $1`, [charge]))[0]?.dispute_status;
const pay = async (amount: number) =>
  (
    await stripe.paymentIntents.create({
      amount,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
      allowed_payment_method_types: ['card'],
    })
  ).latest_charge as string;

beforeAll(async () => {
  stack = await startStack({ env: { TIME_ZONE: TZ } });
  api = authed(stack, (await signIn(stack)).token);
  stripe = createStripeClient(stack.env, { maxNetworkRetries: 0 });
  await stack.emulator!.advanceClock(at('2026-09-25T17:00:00Z') - stack.emulator!.now());
  await pay(2000);
  chargeA = await pay(5000);
  chargeB = await pay(3000);
  await settle(`SELECT 1 FROM charges WHERE status = 'succeeded' HAVING count(*) = 3`);
});
afterAll(() => stack?.stop());

it('keeps every figure unchanged while an inquiry is opened, answered and closed', async () => {
  const before = await figures();
  const payoutNet = await payoutsIdentity();
  expect(before).toEqual({
    sep: { total: 100, disputes: 0, ledgerNet: 10000, received: 10000, disputeCents: 0 },
    year: 100,
  });
  await stack.emulator!.advanceClock(at('2026-09-29T17:00:00Z') - stack.emulator!.now());
  const inquiry = await emulatorHelper(stack.emulator!, `charges/${chargeA}/dispute`, { inquiry: true });
  expect(inquiry).toMatchObject({ status: 'warning_needs_response', balance_transactions: [] });
  await settle(`SELECT 1 FROM charges WHERE dispute_status = 'warning_needs_response'`);
  expect(await figures()).toEqual(before);
  expect(await payoutsIdentity()).toBe(payoutNet);

  await stripe.disputes.update(inquiry.id, { submit: true });
  await settle(`SELECT 1 FROM charges WHERE dispute_status = 'warning_under_review'`);
  expect(await figures()).toEqual(before);
  expect(await payoutsIdentity()).toBe(payoutNet);

  expect((await stripe.disputes.close(inquiry.id)).status).toBe('warning_closed');
  await settle(`SELECT 1 FROM charges WHERE dispute_status = 'warning_closed'`);
  expect(await figures()).toEqual(before);
  expect(await payoutsIdentity()).toBe(payoutNet);
  const rows = (await api.get('/api/stripe/transactions?pageSize=10').expect(200)).body.data;
  expect(rows.map((r: { status: string }) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
});

it('takes an escalated inquiry out on the day it escalated, not the day it was opened', async () => {
  const before = await figures();
  const inquiry = await emulatorHelper(stack.emulator!, `charges/${chargeB}/dispute`, { inquiry: true });
  await settle(`SELECT 1 FROM charges WHERE dispute_status = 'warning_needs_response'`);
  expect(await figures()).toEqual(before);
  // Escalated on October 3 (Chicago): Stripe withdraws the amount and the fee that day.
  await stack.emulator!.advanceClock(at('2026-10-03T17:00:00Z') - stack.emulator!.now());
  await emulatorHelper(stack.emulator!, `disputes/${inquiry.id}/escalate`, {});
  await settle(
    `SELECT 1 FROM charges c JOIN balance_transactions b ON b.charge_id = c.id AND b.reporting_category = 'dispute' WHERE c.dispute_status = 'needs_response'`,
  );
  expect(await statusOf(chargeB)).toBe('needs_response');
  expect((await figures()).sep).toEqual(before.sep);
  const oct = await monthFigures('2026-10', '31');
  expect(oct).toMatchObject({ total: -30, disputes: 30, received: -3000, disputeCents: 3000, ledgerNet: -3000 });
  expect((await figures()).year).toBe(70);
  await payoutsIdentity();
});

it('rebuilds, on upgrade, the totals an inquiry reduced and the day an escalated one withdrew', async () => {
  const state = async () => ({
    daily: await stack.db.query(
      `SELECT day::text, source, donation_type, brand, amount::text, count FROM daily_totals WHERE amount <> 0 OR count <> 0 ORDER BY 1, 2, 3, 4`,
    ),
    monthly: await stack.db.query(
      `SELECT month::text, source, donation_type, brand, amount::text, count FROM monthly_totals WHERE amount <> 0 OR count <> 0 ORDER BY 1, 2, 3, 4`,
    ),
    disputes: await stack.db.query(`SELECT id, dispute_status, disputed_at FROM charges WHERE disputed ORDER BY id`),
  });
  const kept = await state();
  expect(kept.disputes.map((d: { disputed_at: Date }) => d.disputed_at.toISOString().slice(0, 10)).sort()).toEqual([
    '2026-09-29',
    '2026-10-03',
  ]);
  // The database as the old rule left it: the escalated inquiry dated from its opening, totals that dropped it.
  await stack.db.query(`UPDATE charges SET disputed_at = $2 WHERE id = $1`, [
    chargeB,
    new Date(at('2026-09-29T17:00:00Z') * 1000),
  ]);
  await stack.db.query(`UPDATE daily_totals SET amount = 0`);
  await rerunMigration(stack, new InquiryHoldsNoFunds1764720000000(), TZ);
  expect(await state()).toEqual(kept);
});
