import {
  inboxCounts,
  killHard,
  startService,
  waitForInboxDrained,
  waitUntil,
  type ServiceProcess,
} from '../helpers/faults.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { deliver, type DeliveryResult } from '../helpers/fault-delivery.js';
import { donorEventStream } from '../helpers/donor-events.js';

/**
 * SIGTERM to the worker and then to the API while webhooks pour in (as a deploy or a scale-down does). Both
 * must exit 0, and no event the API acknowledged with a 200 may be lost: after a restart, every acknowledged
 * event id ends processed. Deliveries refused during the shutdown are sent again, as Stripe retries them.
 */
const DONORS = Number(process.env.FAULTS_SHUTDOWN_DONORS ?? 400);

describe('graceful shutdown under load', () => {
  let stack: Stack;
  const procs: ServiceProcess[] = [];

  beforeAll(async () => {
    stack = await startStack({
      emulator: false,
      workers: 0,
      env: { STRIPE_API_BASE: 'http://127.0.0.1:9', RELAY_GRACE_SECONDS: '2' },
    });
  });
  afterAll(async () => {
    for (const p of procs) await killHard(p);
    await stack.stop();
  });

  it('SIGTERM to the worker and the API loses no acknowledged event', async () => {
    const events = donorEventStream({ donors: DONORS, tag: 'g' });
    const api = await startService('api', stack.rawEnv);
    const worker = await startService('worker', stack.rawEnv);
    procs.push(api, worker);

    let acked = 0;
    const results: DeliveryResult[] = [];
    const firstRun = deliver(api.url!, events, {
      concurrency: 16,
      onResult: (r) => {
        results.push(r);
        if (r.status === 200) acked++;
      },
    });

    await waitUntil(async () => acked >= events.length * 0.3, { timeoutMs: 60000 });
    worker.kill('SIGTERM');
    const workerExit = await worker.exited;
    await waitUntil(async () => acked >= events.length * 0.5, { timeoutMs: 60000 });
    api.kill('SIGTERM');
    const apiExit = await api.exited;
    await firstRun;

    expect(workerExit).toEqual({ code: 0, signal: null });
    expect(apiExit).toEqual({ code: 0, signal: null });
    expect(worker.output()).toContain('worker drained and closed');
    const ackedIds = results.filter((r) => r.status === 200).map((r) => r.id);
    const refused = results.filter((r) => r.status !== 200);
    // Anything not acknowledged was refused outright (connection closed), never half-answered.
    expect(refused.filter((r) => r.status !== 0 && r.status !== 503)).toEqual([]);
    const atShutdown = await inboxCounts(stack.db);

    // Start again; Stripe re-sends what was not acknowledged.
    const api2 = await startService('api', stack.rawEnv);
    const worker2 = await startService('worker', stack.rawEnv);
    procs.push(api2, worker2);
    const retryIds = new Set(refused.map((r) => r.id));
    const retried = await deliver(
      api2.url!,
      events.filter((e) => retryIds.has(e.id)),
      { concurrency: 16 },
    );
    expect(retried.filter((r) => r.status !== 200)).toEqual([]);

    await waitForInboxDrained(stack.db, { minEvents: events.length, timeoutMs: 120000 });
    const processed = new Set(
      (await stack.db.query<{ id: string }>(`SELECT id FROM stripe_events WHERE processed_at IS NOT NULL`)).map(
        (r) => r.id,
      ),
    );
    expect(ackedIds.filter((id) => !processed.has(id))).toEqual([]);
    expect(processed.size).toBe(events.length);
    expect(ackedIds.length).toBeGreaterThanOrEqual(events.length * 0.5);
    process.stdout.write(
      `[faults] graceful shutdown: ${ackedIds.length} acknowledged before SIGTERM of the API (${atShutdown.pending} of them not yet projected), ` +
        `${refused.length} refused and re-sent; all ${events.length} processed\n`,
    );
  }, 240000);
});
