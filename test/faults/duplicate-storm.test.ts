import { readModelChecksums } from '../helpers/events.js';
import { inboxCounts, killHard, startService, waitForInboxDrained, type ServiceProcess } from '../helpers/faults.js';
import { startStack, type Stack } from '../helpers/stack.js';
import type { TestDatabase } from '../helpers/database.js';
import { deliver, referencePass } from '../helpers/fault-delivery.js';
import { donorEventStream, seededShuffle } from '../helpers/donor-events.js';

/**
 * Duplicate storm: every event delivered 5 times, in a shuffled order (refunds before their charge, updates
 * before their create), 16 deliveries at a time, consumed by TWO worker processes. The final tables must be
 * identical to a single in-order pass over the events.
 */
const DONORS = Number(process.env.FAULTS_STORM_DONORS ?? 120);
const COPIES = 5;
const SEED = Number(process.env.FAULTS_SEED ?? 20261121);

describe(`duplicate storm: every event ${COPIES} times, shuffled, two workers`, () => {
  let stack: Stack;
  let api: ServiceProcess | undefined;
  const workers: ServiceProcess[] = [];
  let reference: TestDatabase | undefined;

  beforeAll(async () => {
    stack = await startStack({
      emulator: false,
      workers: 0,
      env: { STRIPE_API_BASE: 'http://127.0.0.1:9', RELAY_GRACE_SECONDS: '2' },
    });
  });
  afterAll(async () => {
    for (const w of workers) await killHard(w);
    await killHard(api);
    await reference?.drop();
    await stack.stop();
  });

  it('ends in the same tables as one in-order pass', async () => {
    const events = donorEventStream({ donors: DONORS, tag: 's' });
    const storm = seededShuffle(
      events.flatMap((e) => Array.from({ length: COPIES }, () => e)),
      SEED,
    );
    api = await startService('api', stack.rawEnv);
    workers.push(await startService('worker', stack.rawEnv), await startService('worker', stack.rawEnv));

    const t0 = Date.now();
    // A delivery that got no answer within 15 s (a loaded machine) is sent again, as Stripe would; every answer given must be 200.
    const results = await deliver(api.url!, storm, { concurrency: 16, connectionRetries: 3 });
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    await waitForInboxDrained(stack.db, { minEvents: events.length, timeoutMs: 120000 });
    const ms = Date.now() - t0;
    expect(await inboxCounts(stack.db)).toEqual({ total: events.length, pending: 0 });

    const ref = await referencePass(events);
    reference = ref.db;
    expect(await readModelChecksums(stack)).toEqual(ref.checksums);
    // Both workers were alive to the end (neither crashed on a conflict between them).
    for (const w of workers) expect(w.child.exitCode).toBeNull();
    process.stdout.write(
      `[faults] duplicate storm: ${storm.length} deliveries of ${events.length} events (seed ${SEED}) projected in ${ms} ms, tables equal\n`,
    );
  }, 240000);
});
