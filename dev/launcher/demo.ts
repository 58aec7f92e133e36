import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { EnvDto } from '../../core/src/config/env.dto.js';
import { createAdmin } from '../../api/src/auth/admin-accounts.js';
import type { StripeEmulator } from '../stripe-emulator/src/index.js';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { loadDemoHistory } from '../demo-history/real-path.js';
import { AUTOMATIC_ACKNOWLEDGMENTS } from '../../core/src/acknowledgments/acknowledgment-setting.js';
import { REQUIRE_TWO_FACTOR } from '../../core/src/settings/admin-settings.js';
import { settings } from '../../core/src/settings/settings.repository.js';
import { pgQueryable } from '../../core/src/db/queryable.js';

export interface DemoInfo {
  admin: { email: string; password: string };
  twoFactorRequired: boolean;
}

export const DEMO_ADMIN = { email: 'demo-admin@hillsidelearning.org', name: 'Demo Administrator' };
/** The history a first start loads (ending now): also what `npm run bench -- first-start` expects to see. */
export const DEMO_HISTORY = { seed: 1969, donors: 300, months: 24 } as const;

/** A strong random password the demo admin keeps across restarts (stored in .data/, which git ignores). */
function demoPassword(): string {
  const file = path.resolve('.data/demo-admin.json');
  if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { password: string }).password;
  const password = `Demo-${randomBytes(12).toString('base64url')}`;
  writeFileSync(file, JSON.stringify({ email: DEMO_ADMIN.email, password }, null, 2), { mode: 0o600 });
  return password;
}

/** Demo mode: a demo admin, and on first start a realistic giving history loaded through the real path. */
export async function prepareDemo(opts: {
  env: EnvDto;
  emulator: StripeEmulator;
  apiUrl: string;
  say: (line: string) => void;
}): Promise<DemoInfo> {
  const password = demoPassword();
  const pool = new pg.Pool({ connectionString: opts.env.DATABASE_URL, max: 2 });
  let empty: boolean;
  let twoFactorRequired: boolean;
  try {
    const found = await pool.query('SELECT 1 FROM admins WHERE email = $1', [DEMO_ADMIN.email]);
    if (found.rowCount === 0) await createAdmin(pgQueryable(pool), { ...DEMO_ADMIN, password });
    // A demo is a new install, where two-factor sign-in is required by default; the demo starts without the
    // requirement so its admin (and the history loader below) can sign in with the printed password.
    const db = pgQueryable(pool);
    const required = await settings.read(db, REQUIRE_TWO_FACTOR);
    if (!required.updatedAt) await settings.write(db, REQUIRE_TWO_FACTOR, false, null);
    twoFactorRequired = required.updatedAt ? required.value : false;
    empty = !(await holdsDemoHistory(opts.env.DATABASE_URL));
  } finally {
    await pool.end();
  }
  if (empty && !twoFactorRequired) {
    // History is not news: automatic acknowledgments are off while it loads and switched on once it is in,
    // so the demo's donors are never mailed about their past gifts but a gift made in the demo is acknowledged.
    await withPool(opts.env, (db) =>
      settings.write(db, AUTOMATIC_ACKNOWLEDGMENTS, { enabled: false, since: null }, null),
    );
    await loadHistory(opts, password);
    await withPool(opts.env, (db) =>
      settings.write(db, AUTOMATIC_ACKNOWLEDGMENTS, { enabled: true, since: new Date().toISOString() }, null),
    );
  }
  return { admin: { email: DEMO_ADMIN.email, password }, twoFactorRequired };
}

/**
 * Whether the database holds a giving history (any donor): a new or empty database (no tables yet, or none of
 * them filled) does not. Events alone are no history: an emulator's state from an earlier run replays payouts.
 */
export async function holdsDemoHistory(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [{ t }] = (await client.query(`SELECT to_regclass('public.donors') IS NOT NULL AS t`)).rows;
    return t ? (await client.query('SELECT 1 FROM donors LIMIT 1')).rowCount! > 0 : false;
  } finally {
    await client.end();
  }
}

/**
 * The emulator's saved state and the database must tell the same story. A database without the demo history next
 * to a state file from an earlier run (a new DATABASE_URL, a dropped database) would replay that run's events
 * (years of payouts) into it and never load the history: the state file is set aside (kept, renamed) so the
 * emulator starts empty and the history is loaded. Returns the line to print, or null when nothing was done.
 */
export async function reconcileDemoState(databaseUrl: string, statePath: string): Promise<string | null> {
  if (!existsSync(statePath) || (await holdsDemoHistory(databaseUrl))) return null;
  const kept = statePath.replace(/\.json$/, '') + `.${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  renameSync(statePath, kept);
  return (
    `The database has no demo history, but ${path.relative(process.cwd(), statePath)} holds an earlier run's Stripe data: ` +
    `set aside as ${path.relative(process.cwd(), kept)}; the emulator starts empty and the demo history is loaded.`
  );
}

async function withPool<T>(
  env: EnvDto,
  fn: (db: { query: (sql: string, params?: unknown[]) => Promise<unknown[]> }) => Promise<T>,
): Promise<T> {
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 1 });
  try {
    return await fn(pgQueryable(pool));
  } finally {
    await pool.end();
  }
}

/**
 * First start only: about two years and 300 donors, sent through the emulator so every gift travels the real
 * path (signed webhook -> API inbox -> queue -> worker -> read model), with one progress line.
 */
async function loadHistory(
  opts: { env: EnvDto; emulator: StripeEmulator; apiUrl: string; say: (line: string) => void },
  password: string,
): Promise<void> {
  const login = await fetch(`${opts.apiUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password }),
  });
  if (!login.ok) throw new Error(`demo admin sign-in failed (${login.status})`);
  const { sessionToken } = (await login.json()) as { sessionToken: string };
  const tty = process.stdout.isTTY;
  let last = '';
  const result = await loadDemoHistory({
    stripe: createStripeClient(opts.env),
    emulatorUrl: opts.emulator.url,
    apiUrl: opts.apiUrl,
    adminToken: sessionToken,
    history: { ...DEMO_HISTORY, endDate: new Date() },
    onProgress: (p) => {
      if (tty) process.stdout.write(`\r${p.line.padEnd(60)}`);
      else if (p.phase !== last) opts.say(p.line);
      last = p.phase;
    },
  });
  if (tty) process.stdout.write('\n');
  await fetch(`${opts.apiUrl}/api/admin/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sessionToken}` },
  }).catch(() => undefined);
  opts.say(
    `Loaded demo history: ${result.customers.size} donors, ${result.charges.size} card gifts, ${result.manualDonations} offline gifts in ${Math.round(result.seconds)} s.`,
  );
}
