import request from 'supertest';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { signIn } from '../helpers/admin.js';
import { waitForProjection } from '../helpers/events.js';
import { killHard, startService, waitUntil, type ServiceProcess } from '../helpers/faults.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * Postgres becomes unreachable for this stack's database (connections cut, new ones refused) while the Stripe
 * emulator keeps sending signed webhooks. The webhook must answer 503 (never 200: nothing unstored is
 * acknowledged), the emulator's retries must deliver every event once Postgres is back, and admin calls must
 * fail fast with a clear 503 instead of hanging.
 */
const UNAVAILABLE = 'The database is unavailable. Please try again in a moment.';

describe('Postgres unavailable', () => {
  let stack: Stack;
  let worker: ServiceProcess | undefined;

  beforeAll(async () => {
    stack = await startStack({ workers: 0 });
    worker = await startService('worker', stack.rawEnv);
  });
  afterAll(async () => {
    await stack.db.setReachable(true).catch(() => undefined);
    await killHard(worker);
    await stack.stop();
  });

  it('webhooks answer 503, the emulator retries deliver everything once it is back; admin calls fail fast with 503', async () => {
    const emulator = stack.emulator!;
    const stripe = createStripeClient(stack.env, { maxNetworkRetries: 0 });
    const { token } = await signIn(stack);
    const gift = async (i: number) => {
      const c = await stripe.customers.create({ name: `Outage Donor ${i}`, email: `outage${i}@example.org` });
      await stripe.paymentIntents.create({
        amount: 2500 + i,
        currency: 'usd',
        customer: c.id,
        payment_method: 'pm_card_visa',
        confirm: true,
        metadata: { frequency: 'one-time' },
      });
    };
    for (let i = 0; i < 3; i++) await gift(i);
    await emulator.flushWebhooks(30000);
    await waitForProjection(stack, { timeoutMs: 30000 });

    await stack.db.setReachable(false);
    const downAt = Date.now();
    let outage: { status: number; ms: number; message: string }[];
    try {
      for (let i = 3; i < 13; i++) await gift(i);
      // The emulator has tried (and been refused) for events created during the outage.
      await waitUntil(async () => emulator.deliveries().some((d) => d.status === 503), {
        timeoutMs: 15000,
        describe: () => JSON.stringify(emulator.deliveries().slice(-5)),
      });

      const calls = [
        () => request(stack.apiUrl).get('/api/stripe/customers').set('Authorization', `Bearer ${token}`),
        () => request(stack.apiUrl).get('/api/stripe/analytics').set('Authorization', `Bearer ${token}`),
        () => request(stack.apiUrl).get('/api/admin/me').set('Authorization', `Bearer ${token}`),
        () =>
          request(stack.apiUrl)
            .post('/api/admin/login')
            .send({ email: 'someone@example.org', password: 'Whatever-Password-1' }),
        () =>
          request(stack.apiUrl)
            .post('/api/admin/manual-donations')
            .set('Authorization', `Bearer ${token}`)
            .send({ donorName: 'Cash Donor', amount: '25.00', donationType: 'cash', donationDate: '2026-01-05' }),
      ];
      outage = [];
      for (const call of calls) {
        const t = Date.now();
        const res = await call().timeout(10000);
        outage.push({ status: res.status, ms: Date.now() - t, message: res.body.message });
      }
      // Keep it down a little longer so several retries of each delivery are refused.
      await waitUntil(async () => Date.now() - downAt > 4000, { timeoutMs: 10000 });
    } finally {
      await stack.db.setReachable(true);
    }
    for (const o of outage) {
      expect(o).toEqual({ status: 503, ms: expect.any(Number), message: UNAVAILABLE });
      // Within the pool's 5 s connection timeout (core/src/db/data-source.ts) plus a loaded machine's scheduling:
      // an answer, never a hang until the client gives up.
      expect(o.ms).toBeLessThan(8000);
    }
    const refused = emulator.deliveries().filter((d) => d.status === 503 || d.status === 500);
    expect(refused.filter((d) => d.status !== 503)).toEqual([]);

    await emulator.flushWebhooks(60000);
    const sent = emulator.events().map((e) => e.id as string);
    await waitForProjection(stack, { minEvents: sent.length, timeoutMs: 60000 });
    const stored = new Set(
      (await stack.db.query<{ id: string }>(`SELECT id FROM stripe_events WHERE processed_at IS NOT NULL`)).map(
        (r) => r.id,
      ),
    );
    expect(sent.filter((id) => !stored.has(id))).toEqual([]);
    const donors = await stack.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM donors WHERE name LIKE 'Outage Donor %'`,
    );
    expect(donors[0].n).toBe(13);
    const charges = await stack.db.query<{ n: number; sum: number }>(
      `SELECT count(*)::int AS n, sum(amount)::int AS sum FROM charges WHERE status = 'succeeded'`,
    );
    expect(charges[0]).toEqual({ n: 13, sum: Array.from({ length: 13 }, (_, i) => 2500 + i).reduce((a, b) => a + b) });
    // And the API serves again on the same connections pool.
    await request(stack.apiUrl).get('/api/stripe/customers').set('Authorization', `Bearer ${token}`).expect(200);
    process.stdout.write(
      `[faults] Postgres outage: ${refused.length} deliveries refused with 503, all ${sent.length} events stored after; ` +
        `admin calls answered 503 in ${outage.map((o) => o.ms).join('/')} ms\n`,
    );
  }, 120000);
});
