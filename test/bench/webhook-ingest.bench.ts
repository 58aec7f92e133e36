/**
 * Benchmark 3, webhook ingest: autocannon against POST /api/stripe/webhook with validly signed, distinct
 * charge.succeeded events (pre-generated bodies and signatures). Each request verifies the signature,
 * inserts the event into the inbox and enqueues its job, as in production. Two runs: as fast as 10
 * connections go (sustained events/s), and a steady 1,500 events/s (the target rate) for the p99 there.
 * Target (issue 4/9): >= 1,500 events/s with p99 <= 50 ms on this 2-core machine.
 * Run: `npm run bench -- webhook-ingest [--seconds 15]`
 */
import { createRequire } from 'node:module';
import { baseEnv, freshDatabase, postgresVersion, startApi, type Proc } from './lib/env.js';
import { signedEvents, type SignedEvent } from './lib/events.js';
import { log } from './lib/datasets.js';
import { fmtInt, fmtMs, machine, writeReport } from './lib/report.js';
import { round, summarize, type Row } from './lib/stats.js';

interface AutocannonResult { requests: { average: number; total: number }; non2xx: number; errors: number; timeouts: number; duration: number }
type Autocannon = (opts: Record<string, unknown>, cb: (err: Error | null, r: AutocannonResult) => void) => { on(e: 'response', cb: (c: unknown, s: number, b: number, ms: number) => void): void };
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const SECONDS = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 15;
const CONNECTIONS = 10;

async function run(api: Proc, events: SignedEvent[], extra: Record<string, unknown>) {
  const url = api.url!;
  const cpuBefore = await api.cpuMs();
  let next = 0;
  const latencies: number[] = [];
  const result = await new Promise<AutocannonResult>((resolve, reject) => {
    const inst = autocannon({
      url, connections: CONNECTIONS, duration: SECONDS, ...extra,
      requests: [{
        method: 'POST', path: '/api/stripe/webhook',
        setupRequest: (req: Record<string, unknown>) => {
          const e = events[next++ % events.length];
          return { ...req, body: e.body, headers: { 'content-type': 'application/json', 'stripe-signature': e.signature } };
        },
      }],
    }, (err, r) => (err ? reject(err) : resolve(r)));
    inst.on('response', (_c, _s, _b, ms) => latencies.push(ms));
  });
  // API CPU per acknowledged event: steadier than events/s on a shared machine, and what capacity scales with.
  const cpuPerEvent = (await api.cpuMs()) - cpuBefore;
  return { result, latency: summarize(latencies), allDistinct: next <= events.length, sent: next, cpuPerEvent: cpuPerEvent / Math.max(1, result.requests.total) };
}

const db = await freshDatabase('school_bench_ingest');
const api = await startApi(baseEnv(db.url));
const rows: Row[] = [];
let full: Awaited<ReturnType<typeof run>> | undefined;
let steady: Awaited<ReturnType<typeof run>> | undefined;
try {
  // Enough distinct events that none repeats; signed just before each run (the API allows 300 s of skew).
  let events = signedEvents(4000 * SECONDS);
  full = await run(api, events, {});
  log(`max: ${fmtInt(full.result.requests.average)} events/s, p99 ${fmtMs(full.latency.p99)}, API CPU ${full.cpuPerEvent.toFixed(3)} ms/event`);
  events = signedEvents(1600 * SECONDS);
  steady = await run(api, events, { overallRate: 1500 });
  log(`1,500/s: ${fmtInt(steady.result.requests.average)} events/s, p99 ${fmtMs(steady.latency.p99)}`);
  for (const [label, r] of [[`as fast as ${CONNECTIONS} connections go`, full], ['steady 1,500 events/s', steady]] as const) {
    rows.push({
      run: label, 'events/s': round(r.result.requests.average, 0), median: round(r.latency.median), p95: round(r.latency.p95), p99: round(r.latency.p99),
      max: round(r.latency.max), requests: r.result.requests.total, 'non-2xx': r.result.non2xx, errors: r.result.errors + r.result.timeouts,
      'all distinct': r.allDistinct, 'API CPU ms/event': round(r.cpuPerEvent, 3),
    });
  }
  const [stored] = (await db.pool.query(`SELECT count(*)::int AS n FROM stripe_events`)).rows;
  rows.push({ run: 'inbox rows stored (both runs)', requests: stored.n });
} finally {
  await api.stop();
  await db.pool.end();
}

writeReport({
  name: 'webhook-ingest',
  title: 'Webhook ingest: POST /api/stripe/webhook, signed distinct events (latency in ms)',
  dataSize: `${fmtInt(full!.sent + steady!.sent)} distinct charge.succeeded events (~2.2 kB each), ${SECONDS} s per run, ${CONNECTIONS} connections`,
  command: `npm run bench -- webhook-ingest --seconds ${SECONDS}`,
  machine: machine(await postgresVersion()),
  tables: [{ title: 'acknowledge latency (signature check, inbox insert, enqueue, 200)', rows }],
  targets: [
    { what: 'sustained events/s (max run)', target: '>= 1,500/s', measured: `${fmtInt(full!.result.requests.average)}/s`, met: full!.result.requests.average >= 1500 },
    { what: 'p99 at a steady 1,500 events/s', target: '<= 50 ms', measured: fmtMs(steady!.latency.p99), met: steady!.latency.p99 <= 50 && steady!.result.requests.average >= 1450 },
  ],
  notes: [
    'API as a child process (node dist/api/src/main.js, NODE_ENV=production, LOG_LEVEL=info) on its own fresh database; no worker runs, so the measure is the acknowledge path alone (the worker is benchmark 4).',
    'autocannon runs in the benchmark process on the same 2 cores as the API, Postgres and Redis.',
  ],
});
