/**
 * The production-like setting of the benchmarks: a dedicated database (school_bench, built from the
 * migrations), the API and the worker as real child processes (`node dist-dev/api/src/main.js`,
 * `node dist-dev/worker/src/main.js`), the Stripe emulator in its own process, and an admin session.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { switchAutomaticAcknowledgments } from '../../../core/src/acknowledgments/acknowledgment-setting.js';
import { runMigrations } from '../../../core/src/db/data-source.js';
import { migrations } from '../../../migrations/index.js';
import { pgQueryable } from '../../../core/src/db/queryable.js';

export const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const WEBHOOK_SECRET = 'whsec_bench_0000000000000000';
/** Production's default; every request writes its JSON log line as in production. */
export const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const ROOT = path.resolve('.');

export function dbUrl(name: string): string {
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function postgresVersion(): Promise<string> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    return (await c.query(`SHOW server_version`)).rows[0].server_version.replace(/ .*/, '').replace(/^/, 'PostgreSQL ');
  } finally {
    await c.end();
  }
}

/** Drops and re-creates an empty database; answers its URL. */
export async function emptyDatabase(name: string): Promise<string> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  } finally {
    await c.end();
  }
  return dbUrl(name);
}

/** Drops and re-creates the database from the migrations. */
export async function freshDatabase(name = 'school_bench'): Promise<{ url: string; pool: pg.Pool }> {
  const url = await emptyDatabase(name);
  await runMigrations(url, migrations);
  return { url, pool: new pg.Pool({ connectionString: url, max: 4 }) };
}

/**
 * Turns automatic acknowledgments off (a fresh database has them on): the projection benchmarks measure the
 * read model, and 20,000 new gifts would otherwise have the worker composing and retrying 20,000 e-mails to
 * the discard port beside it (statements-mail measures donor mail).
 */
export async function acknowledgmentsOff(pool: pg.Pool): Promise<void> {
  // Given the pool itself (not pgQueryable), the switch read no stored value, took it for off and wrote nothing:
  // every run before 2026-11-28 had acknowledgments on (the check below keeps it from slipping again).
  await switchAutomaticAcknowledgments(pgQueryable(pool), false, null);
  const { rows } = await pool.query(`SELECT value FROM settings WHERE key = 'acknowledgments.automatic'`);
  if (rows[0]?.value?.enabled !== false) throw new Error('automatic acknowledgments are still on');
}

/** An admin and a live session, written the way the auth code writes them: the bearer token for admin calls. */
export async function adminSession(pool: pg.Pool): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token, 'utf8').digest();
  const email = `bench-${randomBytes(4).toString('hex')}@example.org`;
  const { rows } = await pool.query(
    `INSERT INTO admins (email, name, password_hash) VALUES ($1, 'Benchmark', 'unusable') RETURNING id`,
    [email],
  );
  await pool.query(
    `INSERT INTO admin_sessions (admin_id, token_hash, idle_expires_at, absolute_expires_at) VALUES ($1, $2, now() + interval '1 day', now() + interval '1 day')`,
    [rows[0].id, hash],
  );
  return token;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface Proc {
  child: ChildProcess;
  pid: number;
  url?: string;
  stop(): Promise<void>;
  /** Peak resident set size so far (VmHWM), in MiB. */
  peakRssMiB(): Promise<number>;
  /** Resident set size now (VmRSS), in MiB. */
  rssMiB(): Promise<number>;
  /** CPU time the process has used so far (user + system), in ms. */
  cpuMs(): Promise<number>;
}

/** One key for the whole run, so every API a benchmark starts opens the same sealed secrets. */
const BENCH_TWO_FACTOR_KEY = randomBytes(32).toString('base64');

export function baseEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    // Production with the emulator's test keys: a rehearsal, as far as the start-up checks are concerned.
    PRODUCTION_REHEARSAL: 'true',
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: `bench${randomBytes(3).toString('hex')}`,
    STRIPE_SECRET_KEY: 'sk_test_emulator_0000000000000000000000',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_emulator_0000000000000000000000',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    // Production refuses to start without outgoing mail; no benchmark sends any (port 9 is the discard port).
    SMTP_URL: 'smtp://127.0.0.1:9',
    // Production refuses to start without it while two-factor sign-in is required (the default for a new database).
    TWO_FACTOR_KEY: BENCH_TWO_FACTOR_KEY,
    LOG_LEVEL,
    ...extra,
  };
}

async function procStatus(pid: number, field: 'VmHWM' | 'VmRSS'): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
  return m ? Number(m[1]) / 1024 : NaN;
}
const peakRss = (pid: number) => procStatus(pid, 'VmHWM');

/** utime + stime from /proc/<pid>/stat (fields 14 and 15, in clock ticks of 10 ms on Linux). */
async function cpuMs(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.length > 13 ? (Number(fields[11]) + Number(fields[12])) * 10 : NaN;
}
const rss = (pid: number) => procStatus(pid, 'VmRSS');

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs} ms`);
}

/** `nodeArgs`: flags for this API process (say a heap cap); BENCH_API_NODE_ARGS adds flags to every one. */
export async function startApi(env: Record<string, string>, opts: { nodeArgs?: string[] } = {}): Promise<Proc> {
  const port = await freePort();
  // BENCH_API_NODE_ARGS (say "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the API under a benchmark's load.
  const nodeArgs = [...(opts.nodeArgs ?? []), ...(process.env.BENCH_API_NODE_ARGS ?? '').split(/\s+/).filter(Boolean)];
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, 'dist-dev/api/src/main.js')], {
    env: { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'ignore', 'inherit'],
    cwd: ROOT,
  });
  const url = `http://127.0.0.1:${port}`;
  let exited = false;
  child.once('exit', () => (exited = true));
  await waitFor(async () => {
    if (exited) throw new Error('API exited during start');
    return (await fetch(`${url}/api/health`)).status > 0;
  }, 'API');
  return {
    child,
    pid: child.pid!,
    url,
    stop: stopper(child),
    peakRssMiB: () => peakRss(child.pid!),
    rssMiB: () => rss(child.pid!),
    cpuMs: () => cpuMs(child.pid!),
  };
}

/** BENCH_WORKER_NODE_ARGS (say "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles each worker under a benchmark's load. */
export async function startWorker(env: Record<string, string>): Promise<Proc> {
  const nodeArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, 'dist-dev/worker/src/main.js')], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
    cwd: ROOT,
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    if (out.length < 100_000) out += d.toString();
  });
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error(`worker exited: ${out.slice(-500)}`);
    return /worker (started|consuming)/.test(out);
  }, 'worker');
  return {
    child,
    pid: child.pid!,
    stop: stopper(child),
    peakRssMiB: () => peakRss(child.pid!),
    rssMiB: () => rss(child.pid!),
    cpuMs: () => cpuMs(child.pid!),
  };
}

/** The address an emulator CLI child announces on its first line ("Stripe emulator on http://..."). */
export function emulatorUrlOf(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Stripe emulator on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
  });
}

/** The Stripe emulator's standalone CLI in its own process (so its work never shares the bench's event loop). */
export async function startEmulatorProcess(
  webhookUrl?: string,
  extraArgs: string[] = [],
): Promise<Proc & { url: string }> {
  const args = [
    path.join(ROOT, 'dist-dev/dev/stripe-emulator/src/cli.js'),
    '--port',
    '0',
    '--webhook-secret',
    WEBHOOK_SECRET,
    ...extraArgs,
  ];
  if (webhookUrl) args.push('--webhook-url', webhookUrl);
  const child = spawn(process.execPath, ['--max-old-space-size=8192', ...args], {
    stdio: ['ignore', 'pipe', 'ignore'],
    cwd: ROOT,
  });
  const url = await emulatorUrlOf(child);
  return {
    child,
    pid: child.pid!,
    url,
    stop: stopper(child),
    peakRssMiB: () => peakRss(child.pid!),
    rssMiB: () => rss(child.pid!),
    cpuMs: () => cpuMs(child.pid!),
  };
}

/**
 * Sequential timed GETs (after a warm-up): latency as one user sees it. Returns milliseconds per request.
 * Each response is read to the end and must be 200.
 */
export async function timeGets(urls: () => string, token: string, n: number, warmup = 10): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < warmup + n; i++) {
    const started = performance.now();
    const res = await fetch(urls(), { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`GET ${res.url} -> ${res.status}`);
    if (i >= warmup) samples.push(ms);
  }
  return samples;
}
