import Stripe from 'stripe';
import { generateHistory } from '../../dev/demo-history/generator/index.js';
import { addInterval } from '../../dev/stripe-emulator/src/resources/billing-objects.js';
import { FREQUENCY_INTERVALS } from '../../core/src/gifts/frequencies.js';
import { loadDemoHistory, type DemoProgress } from '../../dev/demo-history/real-path.js';
import { signIn } from '../helpers/admin.js';
import { startStack, type Stack } from '../helpers/stack.js';

const history = generateHistory({ seed: 5, donors: 25, months: 8, endDate: new Date(), manualShare: 0.15 });

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ workers: 1 });
}, 60_000);
afterAll(async () => stack?.stop());

describe('real-path loader', () => {
  it('drives the history through emulator -> webhooks -> API -> worker into the read model', async () => {
    const { token } = await signIn(stack);
    const stripe = new Stripe(stack.emulator!.secretKey, {
      host: '127.0.0.1',
      port: stack.emulator!.port,
      protocol: 'http',
      maxNetworkRetries: 2,
    });
    const progress: DemoProgress[] = [];
    const loadStart = Math.floor(Date.now() / 1000);
    const result = await loadDemoHistory({
      stripe,
      emulatorUrl: stack.emulator!.url,
      apiUrl: stack.apiUrl,
      adminToken: token,
      history,
      onProgress: (p) => progress.push(p),
    });
    expect(progress.at(-1)!.phase).toBe('done');
    expect(progress.some((p) => /^Loading demo history: gifts \d+\/\d+$/.test(p.line))).toBe(true);
    expect(result.customers.size).toBe(25);

    const [c] = await stack.db.query(
      `SELECT (SELECT count(*) FROM donors WHERE deleted_at IS NULL)::int AS donors,
              (SELECT count(*) FROM charges WHERE status = 'succeeded')::int AS ok,
              (SELECT count(*) FROM charges WHERE status = 'failed')::int AS failed,
              (SELECT count(*) FROM charges WHERE amount_refunded > 0)::int AS refunded,
              (SELECT count(*) FROM charges WHERE disputed)::int AS disputed,
              (SELECT count(*) FROM subscriptions WHERE status = 'active')::int AS subs,
              (SELECT count(*) FROM manual_donations)::int AS manual,
              (SELECT count(*) FROM donors WHERE address_city IS NOT NULL)::int AS with_address`,
    );
    const gifts = history.cardGifts;
    expect(c).toEqual({
      donors: 25,
      ok: gifts.filter((g) => g.outcome === 'succeeded').length,
      failed: gifts.filter((g) => g.outcome === 'declined').length,
      refunded: gifts.filter((g) => g.refundCents).length,
      disputed: gifts.filter((g) => g.disputed).length,
      subs: history.subscriptions.filter((s) => !s.canceledAt).length,
      manual: history.manualGifts.length,
      with_address: 25,
    });

    // Past gifts keep their historical dates.
    const [oldest] = await stack.db.query(`SELECT min(created) AS at FROM charges`);
    expect(new Date(oldest.at).getTime()).toBe(gifts[0].at.getTime() - (gifts[0].at.getTime() % 1000));

    // Refunds and the dispute were made on their own past day, not the day the demo was loaded.
    const later = await stack.db.query(
      `SELECT coalesce((SELECT min((r->>'created')::bigint) FROM jsonb_array_elements(refunds) r), extract(epoch FROM disputed_at)::bigint)::float8 AS at
         FROM charges WHERE amount_refunded > 0 OR disputed ORDER BY 1`,
    );
    const laterAt = gifts
      .filter((g) => g.refundCents || g.disputed)
      .map((g) => Math.floor(g.laterAt!.getTime() / 1000))
      .sort((a, b) => a - b);
    expect(later.map((r: { at: number }) => r.at)).toEqual(laterAt);

    // Every net dollar lands in the aggregates: card net of refunds (disputed count 0), plus manual gifts.
    const cardNet = gifts
      .filter((g) => g.outcome === 'succeeded' && !g.disputed)
      .reduce((s, g) => s + g.amountCents - (g.refundCents ?? 0), 0);
    const manual = history.manualGifts.reduce((s, m) => s + m.amountCents, 0);
    const [t] = await stack.db.query(`SELECT sum(amount)::bigint::text AS total FROM daily_totals`);
    expect(Number(t.total)).toBe(cardNet + manual);

    // Plans still running are anchored on their next due date: nothing is charged for them at load time
    // (only a plan due within the loader's 15-minute margin is charged now, as Stripe would), and the
    // subscription's current period ends on the date the generator's schedule says.
    const endOfHistory = history.cardGifts.reduce((m, g) => Math.max(m, g.at.getTime()), 0) / 1000;
    const plans = history.subscriptions
      .filter((p) => !p.canceledAt)
      .map((p) => {
        const { interval, interval_count: count } = FREQUENCY_INTERVALS[p.frequency];
        return { plan: p, next: addInterval(Math.floor(p.startAt.getTime() / 1000), interval, count * p.charges) };
      });
    const dueNow = plans.filter((p) => p.next <= loadStart + 15 * 60);
    const [late] = await stack.db.query(`SELECT count(*)::int AS n FROM charges WHERE created > to_timestamp($1)`, [
      endOfHistory,
    ]);
    expect(late.n).toBe(dueNow.length);
    for (const { plan, next } of plans.filter((p) => !dueNow.includes(p))) {
      const [sub] = await stack.db.query(
        `SELECT status, current_period_end FROM subscriptions WHERE customer_id = $1`,
        [result.customers.get(plan.donorKey)],
      );
      expect(sub.status).toBe('active');
      const end = new Date(sub.current_period_end).getTime() / 1000;
      expect(end).toBeGreaterThan(loadStart);
      expect(end).toBeLessThanOrEqual(next);
    }

    // Every running plan started on the day of its first gift (backdate_start_date), not the day of the load.
    for (const { plan } of plans) {
      const [sub] = await stack.db.query(`SELECT start_date FROM subscriptions WHERE customer_id = $1`, [
        result.customers.get(plan.donorKey),
      ]);
      expect(new Date(sub.start_date).getTime() / 1000).toBe(Math.floor(plan.startAt.getTime() / 1000));
    }

    // Renewals of plans keep their frequency.
    const freq = await stack.db.query(
      `SELECT frequency, count(*)::int AS n FROM charges WHERE status = 'succeeded' GROUP BY 1`,
    );
    const expected = new Map<string, number>();
    for (const g of gifts)
      if (g.outcome === 'succeeded') expected.set(g.frequency, (expected.get(g.frequency) ?? 0) + 1);
    expect(Object.fromEntries(freq.map((r: any) => [r.frequency, r.n]))).toEqual(Object.fromEntries(expected));
  }, 180_000);
});
