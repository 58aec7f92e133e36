import { readModelChecksums } from '../helpers/events.js';
import {
  inboxCounts,
  killHard,
  startService,
  waitForInboxDrained,
  waitUntil,
  type ServiceProcess,
} from '../helpers/faults.js';
import { startStack, type Stack } from '../helpers/stack.js';
import type { TestDatabase } from '../helpers/database.js';
import { deliver, referencePass, type DeliveryResult } from '../helpers/fault-delivery.js';
import { donorEventStream } from '../helpers/donor-events.js';

/**
 * The worker process is SIGKILLed (no drain, no clean-up) while thousands of events are in flight, then
 * started again. Every event must end projected exactly once in effect: each read-model table's checksum
 * equals that of a single in-order pass over the same events in a second database.
 */
// 10,000 events, the figure: about 65 s for this file on a quiet 2-core machine, ~130 s to drain
// under the load of parallel test runs (the bounds below allow for that). FAULTS_SIGKILL_EVENTS overrides.
const EVENTS = Number(process.env.FAULTS_SIGKILL_EVENTS ?? 10000);

describe(`worker SIGKILL with ${EVENTS} events in flight`, () => {
  let stack: Stack;
  let api: ServiceProcess | undefined;
  let worker: ServiceProcess | undefined;
  let reference: TestDatabase | undefined;
  let expected: ReturnType<typeof referencePass> | undefined;

  beforeAll(async () => {
    stack = await startStack({
      emulator: false,
      workers: 0,
      env: { STRIPE_API_BASE: 'http://127.0.0.1:9', RELAY_GRACE_SECONDS: '2' },
    });
  });
  afterAll(async () => {
    await killHard(worker);
    await killHard(api);
    reference ??= (await expected?.catch(() => undefined))?.db;
    await reference?.drop();
    await stack.stop();
  });

  it('loses and doubles nothing: the read model equals an in-order single pass', async () => {
    const events = donorEventStream({ donors: Math.ceil(EVENTS / 5), tag: 'k' }).slice(0, EVENTS);
    const t0 = Date.now();
    const mark = (what: string) =>
      process.env.FAULTS_VERBOSE && process.stdout.write(`[faults] +${Date.now() - t0} ms ${what}\n`);
    // The API as a real process too, so the two cores share the work as in production.
    // The expected state is computed alongside (it is bound by database round trips, not CPU).
    expected = referencePass(events);
    expected.catch(() => undefined);
    api = await startService('api', stack.rawEnv);
    worker = await startService('worker', stack.rawEnv);

    let acked = 0;
    const delivery = deliver(api.url!, events, {
      concurrency: 16,
      connectionRetries: 3,
      onResult: (r) => r.status === 200 && acked++,
    });

    // Kill once a good share is projected and the rest is still arriving or queued.
    await waitUntil(
      async () =>
        (
          await stack.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM stripe_events WHERE processed_at IS NOT NULL`,
          )
        )[0].n >=
        EVENTS * 0.3,
      { timeoutMs: 180000, describe: () => worker!.output().slice(-2000) },
    );
    mark(`killing the worker (${acked} acknowledged)`);
    worker.kill('SIGKILL');
    const killed = await worker.exited;
    expect(killed.signal).toBe('SIGKILL');
    const atKill = await inboxCounts(stack.db);
    const ackedAtKill = acked;

    // Events keep arriving with no worker at all: they are stored and acknowledged.
    await waitUntil(async () => acked >= Math.min(EVENTS, ackedAtKill + 500), { timeoutMs: 30000 });
    worker = await startService('worker', stack.rawEnv);
    mark(`worker restarted (${acked} acknowledged)`);

    const results: DeliveryResult[] = await delivery;
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    mark('all delivered');
    await waitForInboxDrained(stack.db, { minEvents: EVENTS, timeoutMs: 150000 });
    const elapsed = Date.now() - t0;

    mark('inbox drained');
    const actual = await readModelChecksums(stack);
    const ref = await expected;
    reference = ref.db;
    mark('reference pass done');
    expect(actual).toEqual(ref.checksums);
    // Every inbox row was applied once: the projection marks it processed in the same transaction.
    expect(await inboxCounts(stack.db)).toEqual({ total: EVENTS, pending: 0 });
    // The kill really hit in flight: events were stored-but-unprojected or not yet delivered at that moment.
    expect(atKill.pending + (EVENTS - atKill.total)).toBeGreaterThan(0);
    process.stdout.write(
      `[faults] SIGKILL: ${EVENTS} events, killed at ${atKill.total - atKill.pending} processed / ${atKill.total} stored, ` +
        `all projected ${elapsed} ms after the first delivery\n`,
    );
  }, 420000);
});
