/**
 * Benchmark 4, projection: how many events per second the worker projects into the read model from a full
 * queue, with one worker process and with two; and the event-to-row lag (inbox received_at -> processed_at,
 * written in the same transaction as the read-model row) at a steady 100 events/s.
 * Target (issue 9): lag p95 <= 500 ms at 100 events/s.
 * Lock waits (issue 31): during each throughput run pg_stat_activity is sampled every few ms for the workers'
 * connections (application_name school-worker); a transaction (pid, xact_start) seen waiting on a heavyweight
 * lock (wait_event_type Lock: rows, advisory locks, transaction ids) or an LWLock is charged the time between
 * samples, and every transaction seen is one batch (the few other jobs' transactions count too, as batches
 * without waits mostly).
 * Run: `npm run bench -- projection [--events 6000] [--seconds 20] [--workers 1,2,4] [--sample-ms 2] [--donors 500]`
 */
import type pg from 'pg';
import {
  acknowledgmentsOff,
  baseEnv,
  freshDatabase,
  postgresVersion,
  startApi,
  startEmulatorProcess,
  startWorker,
  type Proc,
} from './lib/env.js';
import { deliver, signedEvents, type SignedEvent, NO_FEE_LINES_NOTE } from './lib/events.js';
import { log } from './lib/datasets.js';
import { fmtInt, fmtMs, machine, writeReport } from './lib/report.js';
import { round, summarize, type Row } from './lib/stats.js';

const argNum = (name: string, d: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : d;
const EVENTS = argNum('--events', 6000);
const LAG_SECONDS = argNum('--seconds', 20);
const WORKER_COUNTS = (
  process.argv.includes('--workers') ? process.argv[process.argv.indexOf('--workers') + 1] : '1,2,4'
)
  .split(',')
  .map(Number);
const SAMPLE_MS = argNum('--sample-ms', 2);
/** How many donors the gifts cycle through (each donor's batches wait for each other on the donor's row locks). */
const DONORS = argNum('--donors', 500);

interface LockWaits {
  /** ms of lock wait of each worker transaction seen (zero for one never seen waiting) */
  perBatch: number[];
  /** ms by wait event (`Lock:advisory`, `Lock:transactionid`, `LWLock:...`) */
  byEvent: Map<string, number>;
  samples: number;
}

/** Samples pg_stat_activity for the workers' connections until stopped (its own connection, not the pool's). */
function sampleLockWaits(url: string): { stop: () => Promise<LockWaits> } {
  const waits = new Map<string, number>();
  const byEvent = new Map<string, number>();
  let samples = 0;
  let running = true;
  const done = (async () => {
    const { default: pgm } = await import('pg');
    const client = new pgm.Client({ connectionString: url, application_name: 'bench-lock-sampler' });
    await client.connect();
    await client.query(
      `PREPARE lock_sample AS SELECT pid, xact_start::text AS xs, wait_event_type, wait_event FROM pg_stat_activity
        WHERE application_name = 'school-worker' AND xact_start IS NOT NULL AND state <> 'idle'`,
    );
    let last = performance.now();
    while (running) {
      const { rows } = await client.query(`EXECUTE lock_sample`);
      const now = performance.now();
      const dt = now - last;
      last = now;
      samples++;
      for (const r of rows as Array<{ pid: number; xs: string; wait_event_type: string | null; wait_event: string }>) {
        const key = `${r.pid}|${r.xs}`;
        const waiting = r.wait_event_type === 'Lock' || r.wait_event_type === 'LWLock';
        waits.set(key, (waits.get(key) ?? 0) + (waiting ? dt : 0));
        if (waiting) {
          const ev = `${r.wait_event_type}:${r.wait_event}`;
          byEvent.set(ev, (byEvent.get(ev) ?? 0) + dt);
        }
      }
      await new Promise((res) => setTimeout(res, SAMPLE_MS));
    }
    await client.end();
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return { perBatch: [...waits.values()], byEvent, samples };
    },
  };
}

async function deliverAll(apiUrl: string, events: SignedEvent[], concurrency = 10): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < events.length; i = next++) {
        const status = await deliver(apiUrl, events[i]);
        if (status !== 200) throw new Error(`webhook answered ${status}`);
      }
    }),
  );
}

async function waitProcessed(pool: pg.Pool, ids: string[], timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [r] = (
      await pool.query(`SELECT count(*)::int AS n FROM stripe_events WHERE id = ANY($1) AND processed_at IS NULL`, [
        ids,
      ])
    ).rows;
    if (r.n === 0) return;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error('events were not all processed in time');
}

const idsOf = (events: SignedEvent[]) => events.map((e) => JSON.parse(e.body).id as string);

const db = await freshDatabase('school_bench_projection');
await acknowledgmentsOff(db.pool);
const emu = await startEmulatorProcess();
const env = baseEnv(db.url, { STRIPE_API_BASE: emu.url });
const api = await startApi(env);
const rows: Row[] = [];
let lag: ReturnType<typeof summarize> | undefined;
let workers: Proc[] = [];
try {
  for (const count of WORKER_COUNTS) {
    // A full queue first (no worker running), then the workers start and drain it.
    const events = signedEvents(EVENTS, DONORS);
    const ids = idsOf(events);
    await deliverAll(api.url!, events);
    const started = Date.now();
    const sampler = sampleLockWaits(db.url);
    workers = await Promise.all(Array.from({ length: count }, () => startWorker(env)));
    const cpuBefore = await Promise.all(workers.map((w) => w.cpuMs()));
    await waitProcessed(db.pool, ids);
    const cpuAfter = await Promise.all(workers.map((w) => w.cpuMs()));
    const waits = await sampler.stop();
    const wait = summarize(waits.perBatch);
    const [t] = (
      await db.pool.query(
        `SELECT extract(epoch FROM max(processed_at) - min(processed_at)) AS span FROM stripe_events WHERE id = ANY($1)`,
        [ids],
      )
    ).rows;
    const [rowsMade] = (
      await db.pool.query(`SELECT count(*)::int AS n FROM charges WHERE id = ANY($1)`, [
        events.map((e) => JSON.parse(e.body).data.object.id),
      ])
    ).rows;
    const span = Number(t.span);
    rows.push({
      run: `full queue, ${count} worker process${count > 1 ? 'es' : ''}`,
      events: fmtInt(EVENTS),
      'events/s': round(EVENTS / span, 0),
      'first to last processed, s': round(span, 2),
      'wall time incl. worker start, s': round((Date.now() - started) / 1000, 2),
      'charge rows': rowsMade.n,
      'worker CPU ms/event': round(cpuAfter.reduce((a, c, i) => a + c - cpuBefore[i], 0) / EVENTS, 3),
      'transactions seen': wait.n,
      'lock wait/batch median ms': round(wait.median),
      'lock wait/batch p95 ms': round(wait.p95),
      'lock wait total ms': round(
        waits.perBatch.reduce((a, b) => a + b, 0),
        0,
      ),
      'wait events': [...waits.byEvent].map(([k, v]) => `${k} ${Math.round(v)}`).join(', ') || '-',
    });
    log(
      `${count} worker(s): ${fmtInt(EVENTS / span)} events/s, lock wait per batch median ${fmtMs(wait.median)} p95 ${fmtMs(wait.p95)} (${waits.samples} samples)`,
    );
    if (count === 1) {
      // Steady 100 events/s into a running worker: lag from receipt to the projected row.
      const steady = signedEvents(100 * LAG_SECONDS, 500);
      const t0 = performance.now();
      const pending: Promise<number>[] = [];
      for (let i = 0; i < steady.length; i++) {
        const due = t0 + i * 10;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        pending.push(deliver(api.url!, steady[i]));
      }
      await Promise.all(pending);
      const steadyIds = idsOf(steady);
      await waitProcessed(db.pool, steadyIds);
      const lags = (
        await db.pool.query(
          `SELECT extract(epoch FROM processed_at - received_at) * 1000 AS ms FROM stripe_events WHERE id = ANY($1)`,
          [steadyIds],
        )
      ).rows.map((r) => Number(r.ms));
      lag = summarize(lags);
      const rate = steady.length / ((performance.now() - t0) / 1000);
      rows.push({
        run: `steady ~100 events/s for ${LAG_SECONDS} s, 1 worker: event-to-row lag ms`,
        events: fmtInt(steady.length),
        'events/s': round(rate, 0),
        median: round(lag.median),
        p95: round(lag.p95),
        p99: round(lag.p99),
        max: round(lag.max),
      });
      log(`lag at 100/s: median ${fmtMs(lag.median)}, p95 ${fmtMs(lag.p95)}`);
    }
    for (const w of workers) await w.stop();
    workers = [];
  }
} finally {
  for (const w of workers) await w.stop();
  await api.stop();
  await emu.stop();
  await db.pool.end();
}

writeReport({
  name: 'projection',
  title: 'Projection: worker throughput from a full queue, and event-to-row lag at a steady 100 events/s',
  dataSize: `${fmtInt(EVENTS)} charge.succeeded events per throughput run (over ${fmtInt(DONORS)} donors), ${fmtInt(100 * LAG_SECONDS)} for the lag run`,
  command: `npm run bench -- projection --events ${EVENTS} --seconds ${LAG_SECONDS} --workers ${WORKER_COUNTS.join(',')} --donors ${DONORS}`,
  machine: machine(await postgresVersion()),
  tables: [{ title: 'throughput and lag', rows }],
  targets: [
    {
      what: 'event-to-row lag p95 at 100 events/s',
      target: '<= 500 ms',
      measured: fmtMs(lag?.p95 ?? NaN),
      met: (lag?.p95 ?? Infinity) <= 500,
    },
  ],
  notes: [
    'API and workers are child processes (node dist-dev/api/src/main.js, node dist-dev/worker/src/main.js) on a fresh database, NODE_ENV=production, LOG_LEVEL=info; the Stripe emulator runs in its own process for any re-read the worker makes.',
    'Throughput is events divided by the span from the first to the last processed_at (database clock); lag is processed_at - received_at of each event, both stamped by Postgres, and processed_at is written in the same transaction as the read-model rows.',
    'The worker projects the jobs it holds in batches of up to 200 events per transaction (charge rows, daily, monthly and donor totals, processed marks); processed_at is stamped by the clock at the end of each batch.',
    `Lock waits: pg_stat_activity sampled every ${SAMPLE_MS} ms (plus the query's own time) for application_name school-worker; each transaction (pid, xact_start) seen is a batch, charged the interval before each sample that found it waiting (wait_event_type Lock or LWLock). Worker CPU is utime+stime of the worker processes from their start-up's end to the last event processed.`,
    'Automatic acknowledgment e-mails are switched off in this database (before 2026-11-28 the switch of the bench did not take: the pool answered a result object where the product reads rows, so every earlier run composed and sent an acknowledgment of every gift beside the projection).',
    NO_FEE_LINES_NOTE,
  ],
});
