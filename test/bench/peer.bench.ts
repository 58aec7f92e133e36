/**
 * Side by side with the best-known open-source Stripe-to-Postgres engine, @supabase/stripe-sync-engine (a
 * devDependency of the bench; installed by `npm install`, nothing at run time). Each system gets its own fresh
 * database and the same signed events: first the customer.created of every donor, then the charge.succeeded
 * events, delivered over 10 and over 50 connections, the systems alternating (which goes first rotates each
 * round). A third system, the floor (lib/floor-server.ts), only checks the signature and answers 200: every
 * figure is also reported as a share of what this machine can do at all. Measured: acknowledged events/s and acknowledge latency, end to end events/s (first send to the last
 * row visible in the system's own tables), Node and Postgres CPU per event. Then the tricky cases: a charge
 * and its refund in the same second, in both orders, and every event delivered three times.
 * Run: `npm run bench -- peer [--events 20000] [--customers 2000] [--connections 10,50] [--rounds 2]`
 */
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { createRequire } from 'node:module';
import {
  acknowledgmentsOff,
  baseEnv,
  emptyDatabase,
  freshDatabase,
  PG_ADMIN_URL,
  postgresVersion,
  startApi,
  startEmulatorProcess,
  startWorker,
  WEBHOOK_SECRET,
  type Proc,
} from './lib/env.js';
import {
  chargeRefundedEvent,
  chargeSucceededEvent,
  customerCreatedEvent,
  sign,
  type SignedEvent,
  NO_FEE_LINES_NOTE,
} from './lib/events.js';
import { log } from './lib/datasets.js';
import { fmtInt, machine, writeReport } from './lib/report.js';
import { round, summarize, type Row } from './lib/stats.js';

const arg = (name: string, d: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : d;
const CHARGES = Number(arg('--events', '20000'));
const CUSTOMERS = Number(arg('--customers', String(Math.max(1, Math.round(CHARGES / 10)))));
const CONNECTIONS = arg('--connections', '10,50').split(',').map(Number);
const ROUNDS = Number(arg('--rounds', '2'));
const ROOT = path.resolve('.');
// The package's ES-module build resolves its migrations folder with __dirname, which ES modules lack (its
// runMigrations then logs the error and creates nothing); its CommonJS build works.
const { runMigrations: peerMigrations } = createRequire(import.meta.url)(
  '@supabase/stripe-sync-engine',
) as typeof import('@supabase/stripe-sync-engine');

type System = 'ours' | 'peer' | 'floor';
/** `--systems ours` (say, to profile our API under the bench's load) runs a subset; the ratios need all three. */
const SYSTEMS = arg('--systems', 'ours,peer,floor').split(',') as System[];
interface Running {
  url: string;
  procs: Proc[];
  pool: pg.Pool | null;
  /** The system's database (null: the floor keeps none). */
  dbName: string | null;
  /** Rows of the run's charges and customers visible in the system's tables. */
  visible(chargeIds: string[], customerIds: string[]): Promise<number>;
  /** amount_refunded and refunded of one charge, as the system keeps it. */
  charge(id: string): Promise<{ amount_refunded: number; refunded: boolean } | null>;
  stop(): Promise<void>;
}

async function cpuOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return f.length > 13 ? (Number(f[11]) + Number(f[12])) * 10 : 0;
}

/** CPU ms of every Postgres backend serving one database (pg_stat_activity), by pid. */
async function backendCpu(dbName: string | null): Promise<Map<number, number>> {
  if (dbName === null) return new Map();
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    const pids = (await c.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1`, [dbName])).rows.map(
      (r) => r.pid as number,
    );
    return new Map(await Promise.all(pids.map(async (p) => [p, await cpuOf(p)] as [number, number])));
  } finally {
    await c.end();
  }
}

/** A bench server of ours (test/bench/lib) as a child process; resolves with its URL once it prints "<name> on <url>". */
async function spawnServer(
  name: string,
  script: string,
  env: Record<string, string>,
): Promise<{ proc: Proc; url: string }> {
  const child = spawn(process.execPath, [path.join(ROOT, `dist-dev/test/bench/lib/${script}`)], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', WEBHOOK_SECRET, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    cwd: ROOT,
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = new RegExp(`${name} on (http://\\S+)`).exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
  const proc: Proc = {
    child,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((r) =>
        child.exitCode !== null ? r() : (child.once('exit', () => r()), child.kill('SIGTERM')),
      ),
    peakRssMiB: async () => NaN,
    rssMiB: async () => NaN,
    cpuMs: () => cpuOf(child.pid!),
  };
  return { proc, url };
}

async function startPeer(poolMax: number): Promise<Running> {
  const dbName = 'school_bench_peer_engine';
  const url = await emptyDatabase(dbName);
  await peerMigrations({ databaseUrl: url, schema: 'stripe' });
  const { proc, url: serverUrl } = await spawnServer('peer', 'peer-server.js', {
    DATABASE_URL: url,
    PEER_POOL_MAX: String(poolMax),
  });
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  return {
    url: `${serverUrl}/webhooks`,
    procs: [proc],
    pool,
    dbName,
    visible: async (charges, customers) => {
      const r = await pool.query(
        `SELECT (SELECT count(*) FROM stripe.charges WHERE id = ANY($1)) + (SELECT count(*) FROM stripe.customers WHERE id = ANY($2)) AS n`,
        [charges, customers],
      );
      return Number(r.rows[0].n);
    },
    charge: async (id) => {
      const r = await pool.query(`SELECT amount_refunded, refunded FROM stripe.charges WHERE id = $1`, [id]);
      return r.rows[0] ? { amount_refunded: Number(r.rows[0].amount_refunded), refunded: !!r.rows[0].refunded } : null;
    },
    stop: async () => {
      await proc.stop();
      await pool.end();
    },
  };
}

/** The floor (lib/floor-server.ts): verifies and answers 200, stores nothing, so every event is "visible" once acknowledged. */
async function startFloor(): Promise<Running> {
  const { proc, url } = await spawnServer('floor', 'floor-server.js', {});
  return {
    url: `${url}/webhooks`,
    procs: [proc],
    pool: null,
    dbName: null,
    visible: async (charges, customers) => charges.length + customers.length,
    charge: async () => null,
    stop: () => proc.stop(),
  };
}

async function startOurs(emulatorUrl: string): Promise<Running> {
  const dbName = 'school_bench_peer_ours';
  const db = await freshDatabase(dbName);
  await acknowledgmentsOff(db.pool);
  const env = baseEnv(db.url, { STRIPE_API_BASE: emulatorUrl });
  const api = await startApi(env);
  const worker = await startWorker(env);
  return {
    url: `${api.url}/api/stripe/webhook`,
    procs: [api, worker],
    pool: db.pool,
    dbName,
    visible: async (charges, customers) => {
      const r = await db.pool.query(
        `SELECT (SELECT count(*) FROM charges WHERE id = ANY($1)) + (SELECT count(*) FROM donors WHERE id = ANY($2)) AS n`,
        [charges, customers],
      );
      return Number(r.rows[0].n);
    },
    charge: async (id) => {
      const r = await db.pool.query(`SELECT amount_refunded FROM charges WHERE id = $1`, [id]);
      return r.rows[0]
        ? { amount_refunded: Number(r.rows[0].amount_refunded), refunded: Number(r.rows[0].amount_refunded) > 0 }
        : null;
    },
    stop: async () => {
      await worker.stop();
      await api.stop();
      await db.pool.end();
    },
  };
}

async function post(url: string, e: SignedEvent): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': e.signature },
    body: e.body,
  });
  const text = await res.text();
  if (res.status !== 200) log(`${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return res.status;
}

/** Sends in order over `connections` connections; returns each acknowledgment's latency in ms. */
async function send(url: string, events: SignedEvent[], connections: number): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let i = next++; i < events.length; i = next++) {
        const t = performance.now();
        const status = await post(url, events[i]);
        if (status !== 200) throw new Error(`webhook answered ${status}`);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return latencies;
}

async function waitVisible(s: Running, charges: string[], customers: string[], timeoutMs = 900_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await s.visible(charges, customers)) < charges.length + customers.length) {
    if (Date.now() > deadline) throw new Error('rows did not all become visible in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const emu = await startEmulatorProcess();
const start = (system: System, connections: number) =>
  system === 'ours' ? startOurs(emu.url) : system === 'peer' ? startPeer(Math.max(10, connections)) : startFloor();
const rows: Row[] = [];
const tricky: Row[] = [];
const byConnections = () => Object.fromEntries(CONNECTIONS.map((c) => [c, [] as number[]])) as Record<number, number[]>;
const perSystem = () => ({ ours: byConnections(), peer: byConnections(), floor: byConnections() });
const e2e: Record<System, Record<number, number[]>> = perSystem();
const ack: Record<System, Record<number, number[]>> = perSystem();
const cpu: Record<System, Record<number, number[]>> = perSystem();
try {
  for (const connections of CONNECTIONS) {
    for (let roundNo = 0; roundNo < ROUNDS; roundNo++) {
      // Which system goes first rotates each round (ours, peer, floor; then peer, floor, ours; ...).
      const order = SYSTEMS.map((_, i) => SYSTEMS[(i + roundNo) % SYSTEMS.length]);
      const run = randomBytes(3).toString('hex');
      const at = Math.floor(Date.now() / 1000);
      const customerBodies = Array.from({ length: CUSTOMERS }, (_, i) => customerCreatedEvent(i, run, at));
      const chargeBodies = Array.from({ length: CHARGES }, (_, i) =>
        chargeSucceededEvent(i, run, `cus_b${run}${i % CUSTOMERS}`, at),
      );
      const chargeIds = chargeBodies.map((b) => JSON.parse(b).data.object.id as string);
      const customerIds = customerBodies.map((b) => JSON.parse(b).data.object.id as string);
      for (const system of order) {
        const s = await start(system, connections);
        try {
          const events = [...customerBodies, ...chargeBodies].map(sign);
          const cpu0 = await Promise.all(s.procs.map((p) => p.cpuMs()));
          const pg0 = await backendCpu(s.dbName);
          const t0 = performance.now();
          const latencies = await send(s.url, events, connections);
          const acked = performance.now();
          await waitVisible(s, chargeIds, customerIds);
          const done = performance.now();
          const perProc = (await Promise.all(s.procs.map((p) => p.cpuMs()))).map((c, i) => c - cpu0[i]);
          const nodeMs = perProc.reduce((a, c) => a + c, 0);
          const pg1 = await backendCpu(s.dbName);
          const pgMs = [...pg1].reduce((a, [pid, ms]) => a + ms - (pg0.get(pid) ?? 0), 0);
          const n = events.length;
          const l = summarize(latencies);
          const row: Row = {
            connections,
            round: roundNo + 1,
            system,
            events: fmtInt(n),
            'ack events/s': round(n / ((acked - t0) / 1000), 0),
            'ack p50 ms': round(l.median),
            'ack p99 ms': round(l.p99),
            'end to end events/s': round(n / ((done - t0) / 1000), 0),
            'end to end s': round((done - t0) / 1000, 2),
            'Node CPU ms/event': round(nodeMs / n, 3),
            'Postgres CPU ms/event': round(pgMs / n, 3),
            // Ours: the API's share and the worker's.
            'Node CPU by process': perProc.map((ms) => round(ms / n, 3)).join(' + '),
          };
          rows.push(row);
          ack[system][connections].push(Number(row['ack events/s']));
          e2e[system][connections].push(Number(row['end to end events/s']));
          cpu[system][connections].push(Number(row['Node CPU ms/event']));
          log(
            `${connections} connections, round ${roundNo + 1}, ${system}: ack ${row['ack events/s']}/s, end to end ${row['end to end events/s']}/s, Node ${row['Node CPU ms/event']} ms/event (${row['Node CPU by process']}), Postgres ${row['Postgres CPU ms/event']} ms/event`,
          );
          if (connections === CONNECTIONS[0] && roundNo === 0 && system !== 'floor')
            tricky.push(...(await trickyCases(s, system)));
        } finally {
          await s.stop();
        }
      }
    }
  }
} finally {
  await emu.stop();
}

/**
 * The cases `created` alone cannot order: a charge and its full refund dated the same second, delivered in
 * order and reversed, and the same pair with every event delivered three times (out of order). The right
 * final state is the refunded charge.
 */
async function trickyCases(s: Running, system: System): Promise<Row[]> {
  const run = `t${randomBytes(2).toString('hex')}`;
  const at = Math.floor(Date.now() / 1000);
  const cases: Array<{ name: string; order: (ok: string, refund: string) => string[] }> = [
    { name: 'same second: charge.succeeded then charge.refunded', order: (a, b) => [a, b] },
    { name: 'same second: charge.refunded then charge.succeeded', order: (a, b) => [b, a] },
    {
      name: 'same second, each delivered 3 times: refunded, succeeded, refunded, succeeded, succeeded, refunded',
      order: (a, b) => [b, a, b, a, a, b],
    },
  ];
  const out: Row[] = [];
  for (const [i, c] of cases.entries()) {
    const ok = chargeSucceededEvent(i, run, null, at);
    const refund = chargeRefundedEvent(i, run, null, at);
    for (const body of c.order(ok, refund)) {
      const status = await post(s.url, sign(body));
      if (status !== 200) throw new Error(`${system} answered ${status} in "${c.name}"`);
    }
    const id = JSON.parse(ok).data.object.id as string;
    const deadline = Date.now() + 30_000;
    let kept = await s.charge(id);
    // Ours projects after the acknowledgment: wait for the row (and a moment for the second event of the pair).
    while ((!kept || !kept.refunded) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      kept = await s.charge(id);
    }
    out.push({
      case: c.name,
      system,
      'final state kept': kept
        ? kept.refunded
          ? `refunded (amount_refunded ${kept.amount_refunded})`
          : `not refunded (amount_refunded ${kept.amount_refunded}): stale`
        : 'no row',
      right: !!kept?.refunded,
    });
  }
  return out;
}

const median = (xs: number[]) => summarize(xs).median;
const all = (m: Record<number, number[]>) => Object.values(m).flat();
const ackRatio = median(all(ack.ours)) / median(all(ack.peer));
const cpuRatio = median(all(cpu.ours)) / median(all(cpu.peer));
const floorShare = (system: System, c: number) => median(e2e[system][c]) / median(e2e.floor[c]);
/** Per connection count and over every run: ours / peer, and each system's end to end as a share of the floor's. */
const ratioRows: Row[] = [...CONNECTIONS.map((c) => c as number | 'all'), 'all' as const].map((c) => {
  const pick = (m: Record<System, Record<number, number[]>>, s: System) => (c === 'all' ? all(m[s]) : m[s][c]);
  const r = (a: number[], b: number[]) => round(median(a) / median(b));
  return {
    connections: c,
    'end to end': r(pick(e2e, 'ours'), pick(e2e, 'peer')),
    acknowledged: r(pick(ack, 'ours'), pick(ack, 'peer')),
    'Node CPU per event': r(pick(cpu, 'ours'), pick(cpu, 'peer')),
    'share of floor': r(pick(e2e, 'ours'), pick(e2e, 'floor')),
    'peer share of floor': r(pick(e2e, 'peer'), pick(e2e, 'floor')),
    'Node CPU per event / floor': r(pick(cpu, 'ours'), pick(cpu, 'floor')),
    'peer Node CPU per event / floor': r(pick(cpu, 'peer'), pick(cpu, 'floor')),
  };
});
const summaryRows: Row[] = SYSTEMS.flatMap((system) =>
  CONNECTIONS.map((c) => {
    const e = summarize(e2e[system][c]);
    return {
      system,
      connections: c,
      'end to end events/s median': round(e.median, 0),
      'end to end events/s p95': round(e.p95, 0),
      'Node CPU ms/event median': round(median(cpu[system][c]), 3),
      'share of floor': round(floorShare(system, c)),
    };
  }),
);
const widest = CONNECTIONS[CONNECTIONS.length - 1];
const shareAtWidest = floorShare('ours', widest);
const e2eAt = (c: number) => median(e2e.ours[c]) / median(e2e.peer[c]);
writeReport({
  name: 'peer',
  title:
    'Side by side with @supabase/stripe-sync-engine 0.48.5: the same signed events, each system on its own fresh database',
  dataSize: `${fmtInt(CUSTOMERS)} customer.created + ${fmtInt(CHARGES)} charge.succeeded per run; ${CONNECTIONS.join(' and ')} connections; ${ROUNDS} rounds each, alternating`,
  command: `npm run bench -- peer --events ${CHARGES} --customers ${CUSTOMERS} --connections ${CONNECTIONS.join(',')} --rounds ${ROUNDS}`,
  machine: machine(await postgresVersion()),
  tables: [
    { title: 'throughput, latency and CPU', rows },
    { title: 'by system: medians and p95 over the rounds, and each as a share of the floor', rows: summaryRows },
    { title: 'ratios (ours / peer, and each / the floor; medians over the runs)', rows: ratioRows },
    { title: 'tricky cases: the final state each system kept', rows: tricky },
  ],
  targets: [
    ...CONNECTIONS.map((c) => ({
      what: `end to end events/s at ${c} connections, ours / peer`,
      target: '>= 1.2x',
      measured: `${round(e2eAt(c))}x`,
      met: e2eAt(c) >= 1.2,
    })),
    {
      what: `end to end events/s at ${widest} connections, ours / floor`,
      target: '>= 0.6',
      measured: `${round(shareAtWidest)}`,
      met: shareAtWidest >= 0.6,
    },
    {
      what: 'acknowledged events/s, ours / peer',
      target: '>= 1.2x',
      measured: `${round(ackRatio)}x`,
      met: ackRatio >= 1.2,
    },
    { what: 'Node CPU per event, ours / peer', target: '<= 1x', measured: `${round(cpuRatio)}x`, met: cpuRatio <= 1 },
  ],
  notes: [
    'Ours: the API and one worker as child processes (node dist-dev/..., NODE_ENV=production, LOG_LEVEL=info), the Stripe emulator for any look-up. The peer: processWebhook (verify and upsert in the request, as its README shows) behind a bare node:http server in its own process, pool of max(10, connections), schema from its own runMigrations.',
    "End to end: first send to the moment every charge and customer of the run is a row in the system's tables (polled every 25 ms). Ours acknowledges once the event is in the inbox, so its rows follow the acknowledgments.",
    "Node CPU: user + system of the system's processes (ours: API + worker, by process: API + worker) over the send-to-visible span; the fees our worker reads after its batches commit may still be running then. Postgres CPU: the backends connected to the system's database (pg_stat_activity), including the bench's own polling.",
    'The floor: a bare node:http server in its own process that checks the signature (the stripe SDK\'s constructEvent) and answers 200, storing nothing (lib/floor-server.ts). Its end to end is its acknowledgment; every system pays at least this, so "share of floor" reads as the part of what this machine can do at all. The floor keeps no database, so it has no tricky-case rows.',
    'Automatic acknowledgment e-mails are switched off in our database (the peer sends none; a fresh database has them on).',
    NO_FEE_LINES_NOTE,
    'Shared machine: other work ran beside these runs; the load average is recorded with the machine.',
  ],
});
