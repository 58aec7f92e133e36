import type Stripe from 'stripe';
import { DAY, FIXTURES, emulatorHelper, missingFixtureKeys, sdkFor, startOfUtcDay } from '../helpers/stripe-shapes.js';
import { startEmulator, type StripeEmulator } from '../../dev/stripe-emulator/src/index.js';

/**
 * Fees, balance transactions, the balance and daily payouts of the emulator, read only through the official
 * SDK (and the `/_emulator/` helpers for what Stripe's Dashboard or the passing of days would do).
 */
describe('Stripe emulator money movement', () => {
  let emulator: StripeEmulator;
  let stripe: Stripe;

  const advanceTo = (t: number) => emulator.advanceClock(Math.max(0, t - emulator.now()));
  /** A one-time card gift, confirmed at once, with its charge and balance transaction expanded. */
  const give = async (amount: number, card = 'pm_card_visa') => {
    const pi = await stripe.paymentIntents.create({
      amount,
      currency: 'usd',
      payment_method: card,
      confirm: true,
      expand: ['latest_charge.balance_transaction'],
    });
    return pi.latest_charge as Stripe.Charge & { balance_transaction: Stripe.BalanceTransaction };
  };
  const payoutLines = (payout: string) =>
    stripe.balanceTransactions.list({ payout, limit: 100 }).autoPagingToArray({ limit: 10000 });
  const allPayouts = () => stripe.payouts.list({ limit: 100 }).autoPagingToArray({ limit: 10000 });
  /** Stripe's fee in the test's own words: percent of the amount rounded to the cent (half up), plus the fixed part. */
  const cardFee = (amount: number, percent: number, fixed = 30) => Math.floor((amount * percent) / 100 + 0.5) + fixed;

  beforeEach(async () => {
    emulator = await startEmulator({ port: 0 });
    stripe = sdkFor(emulator);
    // Start every case at 10:00 UTC so "the next payout" (00:00 UTC) is a known moment.
    await advanceTo(startOfUtcDay(emulator.now()) + DAY + 10 * 3600);
  });
  afterEach(() => emulator?.stop());

  it("charges a US non-profit's card fee (2.2% + 30c by default), rounded to the cent, on an expandable balance transaction", async () => {
    const ch = await give(2250);
    const txn = ch.balance_transaction;
    // 2.2% of $22.50 is 49.5 cents: Stripe rounds to 50, plus 30.
    expect(txn).toMatchObject({
      object: 'balance_transaction',
      amount: 2250,
      fee: 80,
      net: 2170,
      currency: 'usd',
      type: 'charge',
      reporting_category: 'charge',
      source: ch.id,
      status: 'pending',
      fee_details: [{ type: 'stripe_fee', amount: 80, currency: 'usd', description: 'Stripe processing fees' }],
    });
    expect(txn.id).toMatch(/^txn_/);
    expect(txn.available_on).toBe(startOfUtcDay(ch.created) + 2 * DAY);
    expect(missingFixtureKeys('balance_transaction', txn, 'BalanceTransactions.d.ts', 'BalanceTransaction')).toEqual(
      [],
    );
    expect(Object.keys(txn).sort()).toEqual(expect.arrayContaining(Object.keys(FIXTURES.balance_transaction).sort()));

    // The Dashboard price can change (2.9% + 30c is Stripe's standard rate): $51.80 then nets exactly $50.
    await emulatorHelper(emulator, 'money', { fees: { cardPercent: 2.9 } });
    const covered = await give(5180);
    expect(covered.balance_transaction).toMatchObject({ amount: 5180, fee: 180, net: 5000 });
    for (const amount of [50, 999, 1234, 2500, 100000]) {
      expect((await give(amount)).balance_transaction.fee).toBe(cardFee(amount, 2.9));
    }
    await expect(emulatorHelper(emulator, 'money', { fees: { cardPercent: -1 } })).rejects.toThrow(/non-negative/);
  });

  it('turns pending funds available after the delay, and answers the balance and filtered, paginated lists', async () => {
    const a = await give(10000);
    const b = await give(4000, 'pm_card_mastercard');
    const balance = await stripe.balance.retrieve();
    expect(balance).toMatchObject({
      object: 'balance',
      livemode: false,
      available: [{ amount: 0, currency: 'usd' }],
      pending: [{ amount: 14000 - cardFee(10000, 2.2) - cardFee(4000, 2.2), currency: 'usd' }],
    });
    expect(missingFixtureKeys('balance', balance, 'Balance.d.ts', 'Balance')).toEqual([]);

    await advanceTo(a.balance_transaction.available_on - 60);
    expect((await stripe.balanceTransactions.retrieve(a.balance_transaction.id)).status).toBe('pending');
    // Just before the payout at the start of that day: available, not yet paid out.
    await emulatorHelper(emulator, 'money', { payoutHour: 6 });
    await advanceTo(a.balance_transaction.available_on + 60);
    expect((await stripe.balanceTransactions.retrieve(a.balance_transaction.id)).status).toBe('available');
    expect((await stripe.balance.retrieve()).available[0].amount).toBe(
      a.balance_transaction.net + b.balance_transaction.net,
    );

    const bySource = await stripe.balanceTransactions.list({ source: b.id });
    expect(bySource.data.map((t) => t.id)).toEqual([b.balance_transaction.id]);
    const page1 = await stripe.balanceTransactions.list({ type: 'charge', limit: 1, expand: ['data.source'] });
    expect(page1.has_more).toBe(true);
    expect((page1.data[0].source as Stripe.Charge).object).toBe('charge');
    const page2 = await stripe.balanceTransactions.list({ type: 'charge', limit: 1, starting_after: page1.data[0].id });
    expect(new Set([page1.data[0].id, page2.data[0].id])).toEqual(
      new Set([a.balance_transaction.id, b.balance_transaction.id]),
    );
    expect((await stripe.balanceTransactions.list({ created: { gt: emulator.now() } })).data).toEqual([]);
    await expect(stripe.balanceTransactions.retrieve('txn_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('records refunds without returning the fee, and a lost dispute as the amount plus a $15 fee; a won dispute gives back the amount only', async () => {
    const ch = await give(6000);
    const refund = await stripe.refunds.create({ charge: ch.id, amount: 2500, expand: ['balance_transaction'] });
    expect(refund.balance_transaction).toMatchObject({
      amount: -2500,
      fee: 0,
      net: -2500,
      type: 'refund',
      reporting_category: 'refund',
      source: refund.id,
      fee_details: [],
    });

    const lost = await give(3000);
    const dp = await emulatorHelper(emulator, `charges/${lost.id}/dispute`, {});
    expect(dp.balance_transactions).toEqual([
      expect.objectContaining({
        amount: -3000,
        fee: 1500,
        net: -4500,
        type: 'adjustment',
        reporting_category: 'dispute',
        source: dp.id,
      }),
    ]);
    expect(dp.balance_transactions[0].fee_details).toEqual([
      { amount: 1500, application: null, currency: 'usd', description: 'Dispute fee', type: 'stripe_fee' },
    ]);
    await emulatorHelper(emulator, `disputes/${dp.id}/close`, { status: 'lost' });

    const won = await give(2000);
    const dp2 = await emulatorHelper(emulator, `charges/${won.id}/dispute`, {});
    await emulatorHelper(emulator, `disputes/${dp2.id}/close`, { status: 'won' });
    const adjustments = await stripe.balanceTransactions.list({ source: dp2.id });
    expect(adjustments.data.map((t) => [t.amount, t.fee, t.net, t.reporting_category]).sort()).toEqual(
      [
        [-2000, 1500, -3500, 'dispute'],
        [2000, 0, 2000, 'dispute_reversal'],
      ].sort(),
    );
  });

  it("pays out the available balance every day at the payout hour; each payout's lines add up to it, and the books balance", async () => {
    const charges: Stripe.Charge[] = [];
    const refunds: Stripe.Refund[] = [];
    let disputed: Stripe.Charge | undefined;
    const weekStart = emulator.now();
    for (let day = 0; day < 7; day++) {
      for (const amount of [2500 + day * 137, 10000 - day * 991, 1999 + day])
        charges.push(await give(amount, day % 2 ? 'pm_card_amex' : 'pm_card_visa'));
      if (day === 2) refunds.push(await stripe.refunds.create({ charge: charges[1].id }));
      if (day === 3) refunds.push(await stripe.refunds.create({ charge: charges[5].id, amount: 777 }));
      if (day === 4) {
        disputed = charges[9];
        const dp = await emulatorHelper(emulator, `charges/${disputed.id}/dispute`, {});
        await emulatorHelper(emulator, `disputes/${dp.id}/close`, { status: 'lost' });
      }
      await emulator.advanceClock(DAY);
    }
    await emulator.advanceClock(4 * DAY);

    const payouts = await allPayouts();
    expect(payouts.length).toBeGreaterThanOrEqual(7);
    for (const po of payouts) {
      expect(po).toMatchObject({
        object: 'payout',
        automatic: true,
        currency: 'usd',
        status: 'paid',
        reconciliation_status: 'completed',
        method: 'standard',
        type: 'bank_account',
        source_type: 'card',
      });
      expect(po.created % DAY).toBe(0);
      expect(po.arrival_date).toBe(po.created + DAY);
      const lines = await payoutLines(po.id);
      expect(lines.every((t) => t.type !== 'payout' && t.available_on <= po.created)).toBe(true);
      expect(lines.reduce((s, t) => s + t.net, 0)).toBe(po.amount);
      const own = await stripe.balanceTransactions.retrieve(po.balance_transaction as string);
      expect(own).toMatchObject({
        amount: -po.amount,
        fee: 0,
        type: 'payout',
        reporting_category: 'payout',
        source: po.id,
      });
    }
    expect(missingFixtureKeys('payout', payouts[0], 'Payouts.d.ts', 'Payout')).toEqual([]);
    // Every charge, refund and the dispute went out in exactly one payout.
    const paidOut = (await Promise.all(payouts.map((po) => payoutLines(po.id)))).flat();
    expect(
      paidOut
        .filter((t) => t.type === 'charge')
        .map((t) => t.source)
        .sort(),
    ).toEqual(charges.map((c) => c.id).sort());
    expect(
      paidOut
        .filter((t) => t.type === 'refund')
        .map((t) => t.source)
        .sort(),
    ).toEqual(refunds.map((r) => r.id).sort());
    expect(paidOut.filter((t) => t.type === 'adjustment')).toHaveLength(1);

    // The books, from the gifts alone: gross - card fees - refunds - the lost dispute (amount + $15) = payouts + balance.
    const gross = charges.reduce((s, c) => s + c.amount, 0);
    const fees = charges.reduce((s, c) => s + cardFee(c.amount, 2.2), 0);
    const refunded = refunds.reduce((s, r) => s + r.amount, 0);
    const balance = await stripe.balance.retrieve();
    const inBalance = balance.available[0].amount + balance.pending[0].amount;
    expect(gross - fees - refunded - (disputed!.amount + 1500)).toBe(
      payouts.reduce((s, po) => s + po.amount, 0) + inBalance,
    );
    expect(inBalance).toBe(0);

    const events = await stripe.events
      .list({ type: 'payout.*', created: { gte: weekStart }, limit: 100 })
      .autoPagingToArray({ limit: 10000 });
    for (const po of payouts) {
      const types = events
        .filter((e) => (e.data.object as Stripe.Payout).id === po.id)
        .map((e) => e.type)
        .reverse();
      expect(types).toEqual([
        'payout.created',
        'payout.updated',
        'payout.reconciliation_completed',
        'payout.updated',
        'payout.paid',
      ]);
    }
  });

  it('moves a payout from pending to in_transit to paid, and lists its lines only once reconciled', async () => {
    await give(5000);
    const day2 = startOfUtcDay(emulator.now()) + 2 * DAY;
    await advanceTo(day2 + 60);
    const [po] = await allPayouts();
    expect(po).toMatchObject({
      status: 'pending',
      reconciliation_status: 'in_progress',
      amount: 5000 - cardFee(5000, 2.2),
      created: day2,
      arrival_date: day2 + DAY,
    });
    await expect(stripe.balanceTransactions.list({ payout: po.id })).rejects.toMatchObject({
      statusCode: 400,
      code: 'payout_reconciliation_not_ready',
      param: 'payout',
    });
    await advanceTo(day2 + 3600 + 60);
    expect(await stripe.payouts.retrieve(po.id)).toMatchObject({
      status: 'in_transit',
      reconciliation_status: 'completed',
    });
    expect((await payoutLines(po.id)).map((t) => t.net)).toEqual([po.amount]);
    const updated = (await stripe.events.list({ type: 'payout.updated' })).data[0];
    expect(updated.data.previous_attributes).toMatchObject({ status: 'pending', reconciliation_status: 'in_progress' });
    await advanceTo(day2 + DAY);
    expect((await stripe.payouts.retrieve(po.id)).status).toBe('paid');
    expect((await stripe.payouts.list({ status: 'paid' })).data.map((p) => p.id)).toEqual([po.id]);
    expect((await stripe.payouts.list({ arrival_date: { gt: day2 + DAY } })).data).toEqual([]);
    await expect(stripe.payouts.retrieve('po_missing')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('fails a payout when told to, returns its funds to the balance, and pays them out the next day', async () => {
    await emulatorHelper(emulator, 'payouts/fail', { count: 1, code: 'account_closed' });
    await give(8000);
    await emulator.advanceClock(3 * DAY);
    const failed = (await allPayouts()).find((p) => p.status === 'failed')!;
    expect(failed).toMatchObject({
      status: 'failed',
      failure_code: 'account_closed',
      failure_message: 'The bank account has been closed.',
    });
    const returned = await stripe.balanceTransactions.retrieve(failed.failure_balance_transaction as string);
    expect(returned).toMatchObject({
      amount: failed.amount,
      type: 'payout_failure',
      reporting_category: 'payout_reversal',
      source: failed.id,
    });
    expect(
      (await stripe.events.list({ type: 'payout.failed' })).data.map((e) => (e.data.object as Stripe.Payout).id),
    ).toEqual([failed.id]);

    await emulator.advanceClock(2 * DAY);
    const [retry] = (await allPayouts()).filter((p) => p.id !== failed.id);
    expect(retry).toMatchObject({ status: 'paid', amount: failed.amount });
    expect((await payoutLines(retry.id)).map((t) => t.id)).toEqual([returned.id]);
    await expect(emulatorHelper(emulator, 'payouts/fail', { code: 'made_up' })).rejects.toThrow(/code must be one of/);
  });

  it('makes no payout while refunds leave the balance negative, and pays out once it is positive again', async () => {
    const ch = await give(3000);
    await emulator.advanceClock(3 * DAY);
    const [first] = await allPayouts();
    await stripe.refunds.create({ charge: ch.id });
    await emulator.advanceClock(2 * DAY);
    expect((await allPayouts()).map((p) => p.id)).toEqual([first.id]);
    expect((await stripe.balance.retrieve()).available[0].amount).toBe(-3000);
    const later = await give(10000);
    await emulator.advanceClock(3 * DAY);
    const [second] = (await allPayouts()).filter((p) => p.id !== first.id);
    expect(second.amount).toBe(later.balance_transaction.net - 3000);
    expect((await payoutLines(second.id)).map((t) => t.type).sort()).toEqual(['charge', 'refund']);
  });
});
