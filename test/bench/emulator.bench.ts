/**
 * Measures the Stripe emulator: start time, then latency (median, p95) and throughput of
 * `GET /v1/customers/:id` and `POST /v1/customers` at concurrency 16 with autocannon, and how fast it delivers
 * webhooks: 3,000 `customer.created` events to an endpoint that answers 200 at once (delivered per second, and
 * the emulator's CPU per delivery).
 * Run: `npm run build:dev && node dist-dev/test/bench/emulator.bench.js [--seconds 5]`
 * The emulator runs in its own process (the standalone CLI) so the load generator does not share its event loop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '../../dev/stripe-emulator/src/index.js';
import { emulatorUrlOf, startEmulatorProcess } from './lib/env.js';
import { percentile } from './lib/stats.js';

interface AutocannonResult {
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  duration: number;
}
interface AutocannonInstance {
  on(event: 'response', cb: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}
type Autocannon = (
  opts: Record<string, unknown>,
  cb: (err: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const SECONDS = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 5;
const CONNECTIONS = 16;
const KEY = 'sk_test_emulator_bench';
const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dev/stripe-emulator/src/cli.js');

async function startCli(): Promise<{ child: ChildProcess; url: string; ms: number }> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [CLI, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await emulatorUrlOf(child);
  return { child, url, ms: Number(process.hrtime.bigint() - started) / 1e6 };
}

async function load(name: string, opts: Record<string, unknown>): Promise<Record<string, string | number>> {
  const latencies: number[] = [];
  const result = await new Promise<AutocannonResult>((resolve, reject) => {
    const inst = autocannon(
      { connections: CONNECTIONS, duration: SECONDS, headers: { authorization: `Bearer ${KEY}` }, ...opts },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    inst.on('response', (_c, _s, _b, ms) => latencies.push(ms));
  });
  latencies.sort((a, b) => a - b);
  return {
    endpoint: name,
    'req/s': Math.round(result.requests.average),
    'median ms': Number(percentile(latencies, 50).toFixed(2)),
    'p95 ms': Number(percentile(latencies, 95).toFixed(2)),
    requests: result.requests.total,
    'non-2xx': result.non2xx,
    errors: result.errors,
  };
}

/** Seeds `events` customers with their events and waits until a local endpoint has received every delivery. */
async function delivery(events = 3000): Promise<Record<string, string | number>> {
  let received = 0;
  let allIn!: () => void;
  const done = new Promise<void>((resolve) => (allIn = resolve));
  const sink = createServer((req, res) => {
    req.resume();
    req.once('end', () => {
      res.end('{"received":true}');
      if (++received === events) allIn();
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', () => resolve()));
  const emu = await startEmulatorProcess(`http://127.0.0.1:${(sink.address() as { port: number }).port}/hook`);
  try {
    const cpu0 = await emu.cpuMs();
    const started = performance.now();
    for (let i = 0; i < events; i += 100) {
      const customers = Array.from({ length: Math.min(100, events - i) }, (_, k) => ({
        email: `hook${i + k}@example.org`,
        name: `Hook ${i + k}`,
      }));
      await (
        await fetch(`${emu.url}/_emulator/seed`, {
          method: 'POST',
          body: JSON.stringify({ emitEvents: true, customers }),
        })
      ).text();
    }
    await done;
    const seconds = (performance.now() - started) / 1000;
    const cpu = (await emu.cpuMs()) - cpu0;
    return {
      'webhook events': events,
      'delivered/s': Math.round(events / seconds),
      seconds: Number(seconds.toFixed(2)),
      'emulator CPU ms/event': Number((cpu / events).toFixed(3)),
    };
  } finally {
    await emu.stop();
    sink.close();
  }
}

async function main(): Promise<void> {
  const t0 = process.hrtime.bigint();
  const inProcess = await startEmulator({ port: 0 });
  const inProcessMs = Number(process.hrtime.bigint() - t0) / 1e6;
  await inProcess.stop();

  const { child, url, ms: cliMs } = await startCli();
  try {
    const seeded = await fetch(`${url}/_emulator/seed`, {
      method: 'POST',
      body: JSON.stringify({
        customers: Array.from({ length: 1000 }, (_, i) => ({ email: `bench${i}@example.org`, name: `Bench ${i}` })),
      }),
    }).then((r) => r.json() as Promise<{ customers: string[] }>);
    const ids = seeded.customers;
    let n = 0;
    const rows = [
      await load('GET /v1/customers/:id', {
        url,
        requests: [
          {
            method: 'GET',
            setupRequest: (req: Record<string, unknown>) => ({
              ...req,
              path: `/v1/customers/${ids[n++ % ids.length]}`,
            }),
          },
        ],
      }),
      await load('POST /v1/customers', {
        url,
        requests: [
          {
            method: 'POST',
            path: '/v1/customers',
            headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
            setupRequest: (req: Record<string, unknown>) => ({
              ...req,
              body: `email=donor${n++}%40example.org&name=Donor&metadata[source]=bench`,
            }),
          },
        ],
      }),
    ];
    console.log(
      `Stripe emulator start: ${inProcessMs.toFixed(1)} ms in process (startEmulator), ${cliMs.toFixed(0)} ms as a new process (node start to URL printed)`,
    );
    console.log(`Load: ${CONNECTIONS} connections, ${SECONDS} s per endpoint, node ${process.version}`);
    console.table(rows);
    console.log(
      'Webhook delivery: seeded customers with their events, to an endpoint answering 200 at once (up to 16 deliveries in flight)',
    );
    console.table([await delivery()]);
  } finally {
    child.kill('SIGTERM');
  }
}

await main();
