import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { databaseUrl, TEST_PG_ADMIN_URL, TEST_REDIS_URL } from '../helpers/services.js';

// The real entry points as real processes: start-up checks, clean SIGTERM shutdown, one-line config errors.
interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(script: string, env: Record<string, string>, opts: { stopWhen?: RegExp; timeoutMs?: number } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let signalled = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not finish: ${stdout}${stderr}`));
    }, opts.timeoutMs ?? 45000);
    child.stdout.on('data', (c) => {
      stdout += c;
      if (opts.stopWhen && !signalled && opts.stopWhen.test(stdout)) {
        signalled = true;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (c) => (stderr += c));
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

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

  it('the API starts, then exits 0 on SIGTERM', async () => {
    const r = await run('dist/api/src/main.js', env, { stopWhen: /API listening/ });
    expect(r.stdout).toContain('API listening');
    expect(r.code).toBe(0);
  }, SLOW);

  it('the worker starts, then drains and exits 0 on SIGTERM', async () => {
    const r = await run('dist/worker/src/main.js', env, { stopWhen: /worker started/ });
    expect(r.stdout).toContain('worker drained and closed');
    expect(r.code).toBe(0);
  }, SLOW);

  it.each(['dist/api/src/main.js', 'dist/worker/src/main.js'])('%s refuses a database whose migrations are behind', async (script) => {
    const name = `school_t_empty_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const r = await run(script, { ...env, DATABASE_URL: databaseUrl(name), LOG_LEVEL: 'silent' });
      expect(r.code).toBe(1);
      expect(r.stderr.trim()).toBe('The database schema is behind: run `npm run migrate` before starting the API or the worker.');
    } finally {
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, SLOW);

  it.each(['dist/api/src/main.js', 'dist/worker/src/main.js'])('%s stops on a malformed variable with one line naming it', async (script) => {
    const r = await run(script, { ...env, REDIS_URL: 'localhost:6379' });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe('Invalid environment variable REDIS_URL: REDIS_URL must be a redis:// URL');
  }, SLOW);
});
