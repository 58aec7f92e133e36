import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import type { TestDatabase } from './database.js';

/**
 * Real processes for the fault suites: `node dist-dev/worker/src/main.js` and `node dist-dev/api/src/main.js` started
 * with a stack's environment, a private redis-server that a test may stop without touching the machine's
 * shared Redis, and waits that poll the database for the observable outcome (never a fixed sleep).
 */

/** A TCP port nobody listens on right now (bound and released on 127.0.0.1). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface ServiceProcess {
  readonly kind: 'api' | 'worker';
  readonly child: ChildProcess;
  /** http://127.0.0.1:<port> for the API. */
  readonly url?: string;
  /** Resolves once the process logged that it is up (rejects if it exits first). */
  ready: Promise<void>;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last 64 kB of stdout + stderr, for failure messages. */
  output(): string;
  kill(signal: NodeJS.Signals): void;
}

const READY: Record<ServiceProcess['kind'], RegExp> = { api: /API listening/, worker: /worker started/ };
const SCRIPT: Record<ServiceProcess['kind'], string> = {
  api: 'dist-dev/api/src/main.js',
  worker: 'dist-dev/worker/src/main.js',
};

/**
 * Starts the built API or worker as a child process with `env` (a stack's rawEnv plus overrides). The API gets
 * a free port of its own. LOG_LEVEL is raised to info so that readiness can be read from the log.
 */
export async function spawnService(
  kind: ServiceProcess['kind'],
  env: Record<string, string>,
  opts: { readyTimeoutMs?: number } = {},
): Promise<ServiceProcess> {
  const port = kind === 'api' ? await freePort() : 0;
  const child = spawn(process.execPath, [SCRIPT[kind]], {
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString('utf8')).slice(-65536);
  };
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${kind} did not start within ${opts.readyTimeoutMs ?? 30000} ms:\n${out}`)),
      opts.readyTimeoutMs ?? 30000,
    );
    const onData = (chunk: Buffer) => {
      keep(chunk);
      if (READY[kind].test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', keep);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`${kind} exited (${code ?? signal}) before it was ready:\n${out}`));
    });
  });
  ready.catch(() => undefined);
  return {
    kind,
    child,
    url: kind === 'api' ? `http://127.0.0.1:${port}` : undefined,
    ready,
    exited,
    output: () => out,
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}

/** Starts a service and waits until it is up. */
export async function startService(kind: ServiceProcess['kind'], env: Record<string, string>): Promise<ServiceProcess> {
  const svc = await spawnService(kind, env);
  await svc.ready;
  return svc;
}

/** SIGKILL (if still running) and wait for the exit: for afterAll clean-ups. */
export async function killHard(svc: ServiceProcess | undefined): Promise<void> {
  if (!svc) return;
  svc.kill('SIGKILL');
  await svc.exited;
}

export interface PrivateRedis {
  readonly url: string;
  readonly port: number;
  /** Starts (or restarts) the server on the same port and waits for PING. */
  start(): Promise<void>;
  /** SIGKILLs the server ("Redis went away") and waits for the process to end. */
  stop(): Promise<void>;
}

/**
 * A redis-server of this test's own (no persistence) on a free port, so a test can make Redis unavailable
 * without stopping the machine's Redis that other test files share.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const url = `redis://127.0.0.1:${port}`;
  const redis: PrivateRedis = {
    url,
    port,
    start: async () => {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      const c = child;
      exited = new Promise((resolve) => c.once('exit', () => resolve()));
      const deadline = Date.now() + 10000;
      for (;;) {
        const probe = new Redis(url, {
          lazyConnect: true,
          maxRetriesPerRequest: 0,
          retryStrategy: () => null,
          enableOfflineQueue: false,
        });
        probe.on('error', () => undefined);
        try {
          await probe.connect();
          if ((await probe.ping()) === 'PONG') return;
        } catch {
          /* not up yet */
        } finally {
          probe.disconnect();
        }
        if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not start`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop: async () => {
      child?.kill('SIGKILL');
      await exited;
    },
  };
  await redis.start();
  return redis;
}

/** Polls until `check` holds or the deadline passes (then throws with `describe()`): a bounded wait, not a sleep. */
export async function waitUntil(
  check: () => Promise<boolean>,
  opts: { timeoutMs: number; intervalMs?: number; describe?: () => Promise<string> | string },
): Promise<void> {
  const deadline = Date.now() + opts.timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${opts.timeoutMs} ms${opts.describe ? `: ${await opts.describe()}` : ''}`);
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 100));
  }
}

/** Inbox counts: how many events are stored, and how many still wait for projection. */
export async function inboxCounts(db: TestDatabase): Promise<{ total: number; pending: number }> {
  const [row] = await db.query<{ total: number; pending: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE processed_at IS NULL)::int AS pending FROM stripe_events`,
  );
  return row;
}

/** Waits until at least `minEvents` are stored and none waits for projection. */
export async function waitForInboxDrained(
  db: TestDatabase,
  opts: { minEvents: number; timeoutMs: number },
): Promise<void> {
  await waitUntil(
    async () => {
      const c = await inboxCounts(db);
      return c.total >= opts.minEvents && c.pending === 0;
    },
    {
      timeoutMs: opts.timeoutMs,
      intervalMs: 200,
      describe: async () => {
        const c = await inboxCounts(db);
        const stuck = await db.query(
          `SELECT id, type, attempts, last_error FROM stripe_events WHERE processed_at IS NULL LIMIT 3`,
        );
        return `${c.pending} of ${c.total} events unprocessed (wanted ${opts.minEvents}) ${JSON.stringify(stuck)}`;
      },
    },
  );
}
