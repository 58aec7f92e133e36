import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { EMULATOR_SECRET_KEY, startEmulator } from '../../dev/stripe-emulator/src/index.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { freePort, waitUntil } from '../helpers/faults.js';
import { TEST_REDIS_URL } from '../helpers/services.js';

const LAUNCHER = path.resolve('dist-dev/dev/launcher/start.js');

/** The listening sockets of a TCP port, as /proc/net/tcp names their local address (0100007F is 127.0.0.1). */
function listeningAddresses(port: number): string[] {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const rows = ['/proc/net/tcp', '/proc/net/tcp6']
    .filter(existsSync)
    .flatMap((f) => readFileSync(f, 'utf8').trim().split('\n').slice(1));
  return rows
    .map((r) => r.trim().split(/\s+/))
    .filter((c) => c[1].endsWith(`:${hex}`) && c[3] === '0A')
    .map((c) => c[1].split(':')[0]);
}

/**
 * `npm start` in demo mode as a real process (issue 25, items 11 and 12): started from a directory whose
 * `.data/stripe-emulator.json` comes from an earlier run, with DATABASE_URL naming a new empty database, it sets
 * that state aside, says so, loads the demo history, and listens on 127.0.0.1 only (HOST unset).
 */
describe('demo launcher: a stale emulator state beside a new database, and the listen address', () => {
  let dir: string;
  let db: TestDatabase;
  let launcher: ChildProcess | undefined;
  let out = '';
  let port: number;
  let emulatorPort: number;
  let staleCustomer: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'demo-launcher-'));
    mkdirSync(path.join(dir, '.data'));
    // An earlier run's emulator state: a customer the new database has never heard of.
    const old = await startEmulator({
      port: 0,
      webhookSecret: 'whsec_earlier_run',
      statePath: path.join(dir, '.data/stripe-emulator.json'),
    });
    staleCustomer = (
      await createStripeClient({ STRIPE_SECRET_KEY: old.secretKey, STRIPE_API_BASE: old.url }).customers.create({
        email: 'earlier@example.org',
      })
    ).id;
    await old.stop();
    expect(existsSync(path.join(dir, '.data/stripe-emulator.json'))).toBe(true);
    db = await createTestDatabase();
    port = await freePort();
    emulatorPort = await freePort();
    const env: Record<string, string> = {
      PATH: process.env.PATH!,
      HOME: process.env.HOME ?? dir,
      DATABASE_URL: db.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: `t${randomBytes(5).toString('hex')}`,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      STRIPE_EMULATOR_PORT: String(emulatorPort),
      DEMO_MAIL_SMTP_PORT: String(await freePort()),
      DEMO_MAIL_WEB_PORT: String(await freePort()),
      WEB_DIST_DIR: path.resolve('web/dist'),
      LOG_LEVEL: 'warn',
    };
    launcher = spawn(process.execPath, [LAUNCHER], {
      cwd: dir,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    launcher.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
    });
    launcher.stderr!.on('data', (b: Buffer) => {
      out += b.toString();
    });
    await waitUntil(async () => out.includes('Press Ctrl+C to stop.') || launcher!.exitCode !== null, {
      timeoutMs: 240_000,
      describe: () => out,
    });
  }, 300_000);

  afterAll(async () => {
    if (launcher?.pid && launcher.exitCode === null) {
      process.kill(-launcher.pid, 'SIGTERM');
      await waitUntil(async () => launcher!.exitCode !== null, { timeoutMs: 30_000 }).catch(() =>
        process.kill(-launcher!.pid!, 'SIGKILL'),
      );
    }
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("sets the earlier run's state aside, says so, and loads the demo history into the new database", async () => {
    expect(out).toContain('is running');
    expect(out).toMatch(
      /The database has no demo history, but \.data\/stripe-emulator\.json holds an earlier run's Stripe data: set aside as \.data\/stripe-emulator\.[\dT-]+Z\.json/,
    );
    expect(out).toMatch(/Loaded demo history: \d+ donors/);
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM donors`);
    expect(n).toBeGreaterThan(100);
    expect(readdirSync(path.join(dir, '.data')).filter((f) => /^stripe-emulator\..+\.json$/.test(f))).toHaveLength(1);
    expect(await db.query(`SELECT 1 FROM donors WHERE id = $1`, [staleCustomer])).toEqual([]);
    // The emulator the launcher started holds the new history only, not the earlier run's objects.
    const now = createStripeClient({
      STRIPE_SECRET_KEY: EMULATOR_SECRET_KEY,
      STRIPE_API_BASE: `http://127.0.0.1:${emulatorPort}`,
    });
    await expect(now.customers.retrieve(staleCustomer)).rejects.toMatchObject({ statusCode: 404 });
    expect((await db.query(`SELECT 1 FROM stripe_events WHERE type = 'payout.paid'`)).length).toBeLessThan(1000);
  });

  it('listens on 127.0.0.1 only when HOST is not set, and says so', async () => {
    expect(out).toContain(
      `Listening on 127.0.0.1:${port} (this machine only; set HOST=0.0.0.0 to open it to the network)`,
    );
    expect(listeningAddresses(port)).toEqual(['0100007F']);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });
});
