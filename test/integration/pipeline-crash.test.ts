import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { loadEnv } from '../../core/src/config/load-env.js';
import { createApiApp } from '../../api/src/create-api-app.js';
import { createLogger } from '../../core/src/logging/logger.js';
import { buildEvent, fixture, postEvent, stripeId, waitForProjection } from '../helpers/events.js';
import { startStack, type Stack } from '../helpers/stack.js';

/** A worker killed with SIGKILL mid-stream, and an API that cannot reach Redis: nothing lost, nothing doubled. */
describe('event pipeline under crashes', () => {
  let stack: Stack;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    stack = await startStack({
      emulator: false,
      workers: 0,
      env: { STRIPE_API_BASE: 'http://127.0.0.1:9', RELAY_GRACE_SECONDS: '1' },
    });
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await stack.stop();
  });

  function spawnWorker(): ChildProcess {
    const child = spawn(process.execPath, ['dist-dev/worker/src/main.js'], {
      env: { ...process.env, ...stack.rawEnv, LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    });
    children.push(child);
    return child;
  }

  /** A donor with three gifts, one of them refunded in the same second it succeeded. */
  function donorEvents(i: number): Stripe.Event[] {
    const customer = stripeId('cus');
    const created = 1767100000 + i;
    const events = [
      buildEvent('customer.created', fixture('customer', { id: customer, name: `Donor ${i}`, created }), { created }),
    ];
    for (let g = 0; g < 3; g++) {
      const ch = fixture('charge', {
        id: stripeId('ch'),
        customer,
        payment_intent: stripeId('pi'),
        amount: 1000 * (g + 1),
        created,
        metadata: { frequency: 'one-time' },
      });
      events.push(buildEvent('charge.succeeded', ch, { created }));
      if (g === 2)
        events.push(buildEvent('charge.refunded', { ...ch, amount_refunded: 1000, refunded: false }, { created }));
    }
    return events;
  }

  /** Aggregates equal a recount from the charges: a doubled or lost application would break the equality. */
  async function expectExactTotals(donors: number): Promise<void> {
    const [agg] = await stack.db.query(
      `SELECT sum(total_amount)::int AS amount, sum(donation_count)::int AS count FROM donor_totals`,
    );
    const [recount] = await stack.db.query(
      `SELECT sum(amount - amount_refunded)::int AS amount, count(*)::int AS count FROM charges WHERE status = 'succeeded'`,
    );
    const [daily] = await stack.db.query(
      `SELECT sum(amount)::int AS amount, sum(count)::int AS count FROM daily_totals`,
    );
    expect(agg).toEqual(recount);
    expect(daily).toEqual(recount);
    expect(recount).toEqual({ amount: donors * (6000 - 1000), count: donors * 3 });
    expect((await stack.db.query(`SELECT count(*)::int AS n FROM donors`))[0].n).toBe(donors);
  }

  it('loses and doubles nothing when the worker process is SIGKILLed mid-stream', async () => {
    const DONORS = 150;
    const events = Array.from({ length: DONORS }, (_, i) => donorEvents(i)).flat();
    for (let i = 0; i < events.length; i += 25)
      await Promise.all(events.slice(i, i + 25).map((e) => postEvent(stack, e).expect(200)));

    const first = spawnWorker();
    for (;;) {
      const [{ n }] = await stack.db.query(
        `SELECT count(*)::int AS n FROM stripe_events WHERE processed_at IS NOT NULL`,
      );
      if (n >= 50) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const [{ pending }] = await stack.db.query(
      `SELECT count(*)::int AS pending FROM stripe_events WHERE processed_at IS NULL`,
    );
    expect(pending).toBeGreaterThan(0);

    spawnWorker();
    // Jobs the killed worker held are stalled until BullMQ's lock expires (30 s): then another worker takes them.
    await waitForProjection(stack, { timeoutMs: 90000, minEvents: events.length });
    await expectExactTotals(DONORS);
    const [{ maxAttempts }] = await stack.db.query(`SELECT max(attempts)::int AS "maxAttempts" FROM stripe_events`);
    expect(maxAttempts).toBeLessThanOrEqual(2);
  }, 150000);

  it('stores and acknowledges events while the API cannot reach Redis; the relay projects them later', async () => {
    const env = loadEnv({ ...stack.rawEnv, REDIS_URL: 'redis://127.0.0.1:1' });
    const api = await createApiApp(env, createLogger('silent', 'api'));
    await api.listen(0, '127.0.0.1');
    try {
      const offline = { ...stack, apiUrl: `http://127.0.0.1:${(api.getHttpServer().address() as AddressInfo).port}` };
      const customer = fixture('customer', { id: stripeId('cus'), name: 'Redis Was Down' });
      const event = buildEvent('customer.created', customer);
      await postEvent(offline, event).expect(200);
      // The 200 waits only for the inbox commit: the row is there. Its enqueue is tried after the answer (and
      // fails here, clearing enqueued_at), so the row's enqueued_at is not a state to assert at this instant.
      const stored = await stack.db.query(`SELECT 1 FROM stripe_events WHERE id = $1`, [event.id]);
      expect(stored).toHaveLength(1);
      // The offline API could put nothing on the queue: the donor arrives only through the worker's relay.
      await waitForProjection(stack, {
        timeoutMs: 30000,
        predicate: async () => (await stack.db.query(`SELECT 1 FROM donors WHERE id = $1`, [customer.id])).length === 1,
      });
    } finally {
      await api.close();
    }
  }, 60000);
});
