/**
 * `npm start`: the whole product on one machine. Finds or starts Postgres, checks Redis, starts the local
 * Stripe emulator and a local mailbox when no Stripe keys are configured (demo mode), applies the migrations,
 * runs the API (which serves the built web app) and the worker as their own processes, and prints where to go.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadEnv } from '../../core/src/config/load-env.js';
import { createRedis } from '../../core/src/queue/redis.js';
import { runMigrations } from '../../core/src/db/data-source.js';
import { startEmulator, type StripeEmulator } from '../stripe-emulator/src/index.js';
import { DEFAULT_FEES } from '../stripe-emulator/src/resources/money-settings.js';
import { resolveDatabase } from './database.js';
import { startDemoMailbox, type DemoMailbox } from '../mailbox/mailbox.js';
import { loadDotEnv } from '../../core/src/config/env-file.js';
import { startProcess, waitForHealthy, type ManagedProcess } from './processes.js';
import { prepareDemo, reconcileDemoState } from './demo.js';
import { migrations } from '../../migrations/index.js';
import { DEFAULT_SCHOOL_IDENTITY } from '../../core/src/site/published-school-facts.js';

const STRIPE_VARS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
const say = (line: string) => process.stdout.write(`${line}\n`);
const children: ManagedProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];
/** Stops whatever was started (children, emulator, embedded Postgres), then exits 1 with one line. */
const fail = async (line: string): Promise<never> => {
  process.stderr.write(`${line}\n`);
  await Promise.allSettled(children.map((c) => c.stop()));
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  process.exit(1);
};

interface DemoSecrets {
  webhookSecret: string;
  /** Seals the demo admins' two-factor secrets (TWO_FACTOR_KEY); kept so enrolments survive restarts. */
  twoFactorKey: string;
}

function demoSecrets(): DemoSecrets {
  const file = path.resolve('.data/demo.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<DemoSecrets>) : {};
  const secrets = {
    webhookSecret: stored.webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`,
    twoFactorKey: stored.twoFactorKey ?? randomBytes(32).toString('base64'),
  };
  if (stored.webhookSecret !== secrets.webhookSecret || stored.twoFactorKey !== secrets.twoFactorKey) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

async function redisAnswers(url: string): Promise<boolean> {
  const redis = createRedis(url, { failFast: true });
  try {
    const ready = new Promise<void>((resolve) => redis.once('ready', () => resolve()));
    await Promise.race([
      ready.then(() => redis.ping()),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

async function main(): Promise<void> {
  loadDotEnv();
  const port = Number(process.env.PORT ?? 3000);
  const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

  const setStripe = STRIPE_VARS.filter((k) => process.env[k]);
  if (setStripe.length > 0 && setStripe.length < STRIPE_VARS.length) {
    await fail(
      `Stripe is half configured: set all of ${STRIPE_VARS.join(', ')} (missing ${STRIPE_VARS.filter((k) => !process.env[k]).join(', ')}), or none for demo mode.`,
    );
  }
  const demo = setStripe.length === 0;

  if (!(await redisAnswers(redisUrl))) {
    await fail(
      `Redis does not answer at ${redisUrl}. Start one (e.g. \`redis-server --daemonize yes\` or \`apt-get install -y redis-server\`) or set REDIS_URL.`,
    );
  }

  const db = await resolveDatabase(say);
  cleanups.push(() => db.stop());
  let emulator: StripeEmulator | undefined;
  let mailbox: DemoMailbox | undefined;
  // This machine only unless HOST says otherwise: demo mode's API map (/api/docs) and demo admin are not for the network.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: db.url,
    REDIS_URL: redisUrl,
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    HOST: process.env.HOST ?? '127.0.0.1',
  };
  if (demo) {
    const secrets = demoSecrets();
    const statePath = path.resolve('.data/stripe-emulator.json');
    const reconciled = await reconcileDemoState(db.url, statePath);
    if (reconciled) say(reconciled);
    emulator = await startEmulator({
      port: Number(process.env.STRIPE_EMULATOR_PORT ?? 12111),
      host: '127.0.0.1',
      webhookUrls: [`http://127.0.0.1:${port}/api/stripe/webhook`],
      webhookSecret: secrets.webhookSecret,
      statePath,
      // Funds become available two business days after the gift, as with Stripe in the US: no weekend payouts.
      money: { businessDays: true },
    });
    const started = emulator;
    cleanups.push(() => started.stop());
    // Demo mail goes to a real local mailbox, unless the shell or .env names another SMTP server.
    if (!process.env.SMTP_URL) {
      mailbox = await startDemoMailbox({
        smtpPort: Number(process.env.DEMO_MAIL_SMTP_PORT ?? 1025),
        webPort: Number(process.env.DEMO_MAIL_WEB_PORT ?? 1080),
      });
      const box = mailbox;
      cleanups.push(() => box.stop());
      env.SMTP_URL = mailbox.smtpUrl;
    }
    env.TWO_FACTOR_KEY ??= secrets.twoFactorKey;
    // The demo's card fee setting is the emulator's (Stripe's non-profit 2.2% + 30 cents), so "cover the fees" asks
    // what the emulator charges even before the read model holds enough recent charges to read the rate from.
    env.CARD_FEE_BASIS_POINTS ??= String(Math.round(DEFAULT_FEES.cardPercent * 100));
    env.CARD_FEE_FIXED_CENTS ??= String(DEFAULT_FEES.cardFixed);
    Object.assign(env, {
      DEMO_MODE: 'true',
      STRIPE_SECRET_KEY: emulator.secretKey,
      STRIPE_PUBLISHABLE_KEY: emulator.publishableKey,
      STRIPE_WEBHOOK_SECRET: secrets.webhookSecret,
      STRIPE_API_BASE: emulator.url,
      STRIPE_JS_URL: `${emulator.url}/js/v3`,
    });
  }

  let config;
  try {
    config = loadEnv(env as Record<string, string>);
  } catch (err) {
    if (err instanceof ConfigError) await fail(err.message);
    throw err;
  }
  const applied = await runMigrations(config.DATABASE_URL, migrations);
  if (applied.length) say(`Applied ${applied.length} migration(s).`);

  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say('Stopping...');
    await Promise.all(children.map((c) => c.stop()));
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  // The API and the worker of the same build as this launcher (dist-dev/), found next to it.
  const api = startProcess('api', fileURLToPath(new URL('../../api/src/main.js', import.meta.url)), env, say);
  const worker = startProcess('worker', fileURLToPath(new URL('../../worker/src/main.js', import.meta.url)), env, say);
  children.push(api, worker);
  for (const c of children) {
    void c.exited.then((code) => {
      if (!stopping) {
        say(`The ${c.name} process exited (code ${code}); see .data/logs/${c.name}.log`);
        void shutdown(1);
      }
    });
  }
  const localUrl = `http://127.0.0.1:${port}`;
  await waitForHealthy(localUrl, 60000, () => api.child.exitCode === null);

  if (demo) say('Preparing demo mode (first start loads about two years of giving history)...');
  const demoInfo = demo && emulator ? await prepareDemo({ env: config, emulator, apiUrl: localUrl, say }) : undefined;

  // The school's name as its website publishes it (the public read every visitor's page makes).
  const schoolName = await fetch(`${localUrl}/api/site/pages`)
    .then(async (r) => ((await r.json()) as { pages: { school: { name: string } } }).pages.school.name)
    .catch(() => DEFAULT_SCHOOL_IDENTITY.name);
  say('');
  say('------------------------------------------------------------------');
  say(`  ${schoolName} is running: open ${publicUrl}`);
  say(`  Admin dashboard: ${publicUrl}/stripe-data`);
  if (demoInfo) {
    say(`  DEMO MODE: payments go to the local Stripe emulator at ${emulator!.url}`);
    say(`  (no real money; test card 4242 4242 4242 4242, any future date, any CVC)`);
    if (demoInfo.admin) say(`  Demo admin: ${demoInfo.admin.email} / ${demoInfo.admin.password}`);
    if (!demoInfo.twoFactorRequired)
      say('  Two-factor sign-in is optional in demo mode: set it up under Security, or require it under Settings.');
    if (mailbox) say(`  Demo mailbox (every e-mail sent, reset links too): ${mailbox.webUrl}`);
  } else {
    say(`  Stripe: live configuration (${config.STRIPE_API_BASE ?? 'api.stripe.com'})`);
  }
  if (!config.SMTP_URL) say('  Mail: SMTP_URL is not set, so no e-mail (password reset links) is sent.');
  if (!config.TWO_FACTOR_KEY)
    say(
      '  TWO_FACTOR_KEY is not set: admins cannot set up two-factor sign-in (required by default); see .env.example.',
    );
  say(
    `  Listening on ${env.HOST}:${port}${env.HOST === '127.0.0.1' ? ' (this machine only; set HOST=0.0.0.0 to open it to the network)' : ''}`,
  );
  say(
    `  Database: ${db.source === 'embedded' ? 'embedded Postgres (.data/postgres)' : db.source}; logs in .data/logs/`,
  );
  say('  Press Ctrl+C to stop.');
  say('------------------------------------------------------------------');
}

main().catch((err) => fail(`npm start failed: ${(err as Error).message}`));
