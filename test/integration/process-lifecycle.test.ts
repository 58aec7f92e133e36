import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { databaseUrl, TEST_PG_ADMIN_URL, TEST_REDIS_URL } from '../helpers/services.js';
import { runScript } from '../helpers/run-script.js';

// The real entry points as real processes: start-up checks, clean SIGTERM shutdown, one-line config errors.
const run = runScript;

// Start-up takes about 2 s on a quiet machine; the bounds are generous for a CI machine under load.
const SLOW = 90_000;

describe('API and worker processes', () => {
  let db: TestDatabase;
  let env: Record<string, string>;
  beforeAll(async () => {
    db = await createTestDatabase();
    env = {
      DATABASE_URL: db.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: `t${randomBytes(4).toString('hex')}`,
      STRIPE_SECRET_KEY: 'sk_test_lifecycle',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_lifecycle',
      STRIPE_WEBHOOK_SECRET: 'whsec_lifecycle',
      PORT: '0',
      LOG_LEVEL: 'info',
    };
  });
  afterAll(() => db.drop());

  it(
    'the API starts, then exits 0 on SIGTERM',
    async () => {
      const r = await run('dist-dev/api/src/main.js', env, { stopWhen: /API listening/ });
      expect(r.stdout).toContain('API listening');
      expect(r.code).toBe(0);
    },
    SLOW,
  );

  it(
    'the API listens on HOST (127.0.0.1: reachable only through a proxy on the same machine)',
    async () => {
      const r = await run('dist-dev/api/src/main.js', { ...env, HOST: '127.0.0.1' }, { stopWhen: /API listening/ });
      const line = JSON.parse(r.stdout.split('\n').find((l) => l.includes('API listening'))!);
      expect(line.host).toBe('127.0.0.1');
      expect(r.code).toBe(0);
    },
    SLOW,
  );

  it(
    'the worker starts, then drains and exits 0 on SIGTERM',
    async () => {
      const r = await run('dist-dev/worker/src/main.js', env, { stopWhen: /worker started/ });
      expect(r.stdout).toContain('worker drained and closed');
      expect(r.code).toBe(0);
    },
    SLOW,
  );

  it.each(['dist-dev/api/src/main.js', 'dist-dev/worker/src/main.js'])(
    '%s refuses a database whose migrations are behind',
    async (script) => {
      const name = `school_t_${process.pid}_empty_${randomBytes(4).toString('hex')}`; // the pid keeps other runs' start-up from dropping it
      const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      try {
        const r = await run(script, { ...env, DATABASE_URL: databaseUrl(name), LOG_LEVEL: 'silent' });
        expect(r.code).toBe(1);
        expect(r.stderr.trim()).toBe(
          'The database schema is behind: run `npm run migrate` before starting the API or the worker.',
        );
      } finally {
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
    SLOW,
  );

  it.each(['dist-dev/api/src/main.js', 'dist-dev/worker/src/main.js'])(
    '%s refuses TRUST_PROXY=true with one line saying what to set',
    async (script) => {
      const r = await run(script, { ...env, TRUST_PROXY: 'true' });
      expect(r.code).toBe(1);
      expect(r.stderr.trim()).toBe(
        'Invalid environment variable TRUST_PROXY: TRUST_PROXY=true would let any client choose its address; set the number of proxies in front of the API (e.g. 1) or their addresses (e.g. 127.0.0.1 or 10.0.0.0/8)',
      );
    },
    SLOW,
  );

  it.each(['dist-dev/api/src/main.js', 'dist-dev/worker/src/main.js'])(
    '%s refuses to run in production without SMTP_URL (reset links are mailed, never logged)',
    async (script) => {
      const r = await run(script, { ...env, NODE_ENV: 'production', PRODUCTION_REHEARSAL: 'true' });
      expect(r.code).toBe(1);
      expect(r.stderr.trim()).toBe(
        'Missing environment variable SMTP_URL: production (NODE_ENV=production) e-mails password reset links and needs an smtp:// or smtps:// URL',
      );
    },
    SLOW,
  );

  it.each(['dist-dev/api/src/main.js', 'dist-dev/worker/src/main.js'])(
    '%s refuses Stripe test keys in production unless it is a rehearsal',
    async (script) => {
      const r = await run(script, { ...env, NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9' });
      expect(r.code).toBe(1);
      expect(r.stderr.trim()).toBe(
        'Invalid environment variable STRIPE_SECRET_KEY: a test-mode key takes no real gifts; use the live keys (sk_live_..., pk_live_...) from the Stripe Dashboard (or set PRODUCTION_REHEARSAL=true only for a rehearsal that must not take real money)',
      );
    },
    SLOW,
  );

  it.each(['dist-dev/api/src/main.js', 'dist-dev/worker/src/main.js'])(
    '%s stops on a malformed variable with one line naming it',
    async (script) => {
      const r = await run(script, { ...env, REDIS_URL: 'localhost:6379' });
      expect(r.code).toBe(1);
      expect(r.stderr.trim()).toBe('Invalid environment variable REDIS_URL: REDIS_URL must be a redis:// URL');
    },
    SLOW,
  );
});
