import request from 'supertest';
import Stripe from 'stripe';
import { generateHistory } from '../../dev/demo-history/generator/index.js';
import { loadDemoHistory, type DemoProgress } from '../../dev/demo-history/real-path.js';
import { signIn } from '../helpers/admin.js';
import { waitUntil } from '../helpers/faults.js';
import { startStack, type Stack } from '../helpers/stack.js';

const DAY = 86_400;
const history = generateHistory({ seed: 26, donors: 12, months: 3, endDate: new Date(), manualShare: 0 });

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ workers: 1 });
}, 60_000);
afterAll(async () => stack?.stop());

/**
 * The demo history has the daily automatic payouts Stripe would have made (issue 26): right after the load, with
 * no clock moved, the past days' balances are in payouts that reached the bank, each with its balance transactions,
 * and the read model's figures agree with the emulator's own balance.
 */
describe('real-path loader: past payouts', () => {
  it("pays each day's available balance out on its own day, and the payouts identity holds", async () => {
    const { token } = await signIn(stack);
    const stripe = new Stripe(stack.emulator!.secretKey, {
      host: '127.0.0.1',
      port: stack.emulator!.port,
      protocol: 'http',
      maxNetworkRetries: 2,
    });
    const progress: DemoProgress[] = [];
    // As in demo mode: funds available two business days after the gift (Stripe's US schedule).
    const set = await fetch(`${stack.emulator!.url}/_emulator/money`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ businessDays: true }),
    });
    expect((await set.json()).businessDays).toBe(true);
    const loadStart = Math.floor(Date.now() / 1000);
    await loadDemoHistory({
      stripe,
      emulatorUrl: stack.emulator!.url,
      apiUrl: stack.apiUrl,
      adminToken: token,
      history,
      onProgress: (p) => progress.push(p),
    });
    expect(progress.some((p) => p.phase === 'payouts')).toBe(true);
    const [clock] = [await (await fetch(`${stack.emulator!.url}/_emulator/state`)).json()];
    expect(clock.clockOffset).toBe(0);

    // Every payout's lines are read (after its reconciliation), so the lines below carry their payout.
    await waitUntil(
      async () => {
        const [r] = await stack.db.query(
          `SELECT count(*) FILTER (WHERE lines_synced_at IS NULL AND reconciliation_status = 'completed')::int AS unsynced, count(*)::int AS n FROM payouts`,
        );
        return r.n > 0 && r.unsynced === 0;
      },
      { timeoutMs: 60_000 },
    );

    // Payouts on past days, in more than one past month, arrived at the bank.
    const past = await stack.db.query(
      `SELECT count(*)::int AS n, count(DISTINCT date_trunc('month', arrival_date))::int AS months
         FROM payouts WHERE status = 'paid' AND created < to_timestamp($1)`,
      [loadStart - 7 * DAY],
    );
    expect(past[0].n).toBeGreaterThan(5);
    expect(past[0].months).toBeGreaterThanOrEqual(2);
    // A payout a day at most and none on a weekend, each on the day its funds became available: two business
    // days after the charges (Friday's on Tuesday, the weekend's on Tuesday too).
    const perDay = await stack.db.query(
      `SELECT (created AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM payouts GROUP BY 1 HAVING count(*) > 1`,
    );
    expect(perDay).toEqual([]);
    const weekend = await stack.db.query(
      `SELECT id FROM payouts WHERE extract(isodow FROM created AT TIME ZONE 'UTC') IN (6, 7)`,
    );
    expect(weekend).toEqual([]);
    const businessDays = (from: Date, to: Date) => {
      let n = 0;
      for (
        let t = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()) + DAY * 1000;
        t <= to.getTime();
        t += DAY * 1000
      )
        if (![0, 6].includes(new Date(t).getUTCDay())) n += 1;
      return n;
    };
    const lines = await stack.db.query(`SELECT created, available_on FROM balance_transactions WHERE type = 'charge'`);
    expect(lines.length).toBeGreaterThan(10);
    for (const l of lines) expect(businessDays(new Date(l.created), new Date(l.available_on))).toBe(2);
    // A charge is paid out on the day it became available, or, when that day's refunds and disputes left nothing
    // to pay (Stripe makes no payout of a balance at or below zero), in the next payout after it.
    const late = await stack.db.query(
      `SELECT bt.id FROM balance_transactions bt LEFT JOIN payouts p ON p.id = bt.payout_id
        WHERE bt.type = 'charge' AND bt.available_on < to_timestamp($1)
          AND (p.id IS NULL OR (p.created AT TIME ZONE 'UTC')::date < (bt.available_on AT TIME ZONE 'UTC')::date
               OR ((p.created AT TIME ZONE 'UTC')::date > (bt.available_on AT TIME ZONE 'UTC')::date
                   AND EXISTS (SELECT 1 FROM payouts o WHERE (o.created AT TIME ZONE 'UTC')::date = (bt.available_on AT TIME ZONE 'UTC')::date)))`,
      [loadStart - DAY],
    );
    expect(late).toEqual([]);
    const carried = await stack.db.query(
      `SELECT DISTINCT (bt.available_on AT TIME ZONE 'UTC')::date AS day FROM balance_transactions bt JOIN payouts p ON p.id = bt.payout_id
        WHERE bt.type = 'charge' AND (p.created AT TIME ZONE 'UTC')::date > (bt.available_on AT TIME ZONE 'UTC')::date`,
    );
    // Each day whose charges waited had money going back out (a refund or a dispute's withdrawal) by then.
    process.stdout.write(`[payouts] ${carried.length} day(s) of charges carried to a later payout\n`);
    for (const { day } of carried) {
      const [d] = await stack.db.query(
        `SELECT count(*) FILTER (WHERE type IN ('refund', 'adjustment') AND (available_on AT TIME ZONE 'UTC')::date <= $1::date)::int AS outgoing
           FROM balance_transactions`,
        [day],
      );
      expect(Number(d.outgoing)).toBeGreaterThan(0);
    }

    // gross - refunds - disputes - fees = paid out + in transit + available, and the balance is Stripe's own.
    const t = (
      await request(stack.apiUrl).get('/api/admin/payouts').set('authorization', `Bearer ${token}`).expect(200)
    ).body.totals;
    expect(t.grossCents - t.refundCents - t.disputeCents - t.feeCents).toBe(t.netCents);
    expect(t.netCents + t.owedCents).toBe(t.depositedCents + t.inTransitCents + t.pendingCents);
    expect(t.depositedCents).toBeGreaterThan(0);
    const balance = await stripe.balance.retrieve();
    const usd = (l: { amount: number; currency: string }[]) =>
      l.filter((b) => b.currency === 'usd').reduce((s, b) => s + b.amount, 0);
    expect(usd(balance.available) + usd(balance.pending)).toBe(t.pendingCents - t.owedCents);
    let paid = 0;
    for await (const po of stripe.payouts.list({ limit: 100 })) if (po.status === 'paid') paid += po.amount;
    expect(t.depositedCents).toBe(paid);
  }, 240_000);
});
