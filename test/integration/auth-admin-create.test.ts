import { spawn } from 'node:child_process';
import path from 'node:path';
import request from 'supertest';
import { createApiApp } from '../../api/src/create-api-app.js';
import { loadEnv } from '../../core/src/config/load-env.js';
import { createLogger } from '../../core/src/logging/logger.js';
import { ensureInitialAdmin } from '../../api/src/auth/admin-accounts.js';
import { createDataSource } from '../../core/src/db/data-source.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { migrations } from '../../migrations/index.js';

const CLI = path.resolve('dist-dev/api/src/cli/admin-create.js');
const STRONG = 'Lantern-Orchard-Gravel-77';

/** Runs the built CLI (as `npm run admin:create` does) against the stack's database. */
function runCli(stack: Stack, args: string[], opts: { stdin?: string; tty?: string[] } = {}) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const env = { PATH: process.env.PATH, DATABASE_URL: stack.db.url };
    // With tty: run under `script` so the CLI sees a terminal, and answer each prompt as it appears.
    const child = opts.tty
      ? spawn('script', ['-qec', [process.execPath, CLI, ...args].map((a) => `'${a}'`).join(' '), '/dev/null'], {
          env,
          cwd: '/tmp',
        })
      : spawn(process.execPath, [CLI, ...args], { env, cwd: '/tmp' });
    let out = '';
    let err = '';
    const answers = [...(opts.tty ?? [])];
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (answers.length && /password: $/i.test(out)) child.stdin.write(`${answers.shift()}\r`);
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    if (opts.stdin !== undefined) child.stdin.end(opts.stdin);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

describe('creating admins: the CLI and ADMIN_EMAIL/ADMIN_PASSWORD at start-up', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      emulator: false,
      workers: 0,
      env: { ADMIN_EMAIL: 'First.Admin@Example.org', ADMIN_PASSWORD: STRONG },
    });
  });
  afterAll(() => stack.stop());

  const login = (email: string, password: string) =>
    request(stack.apiUrl).post('/api/admin/login').send({ email, password });

  it('creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD when none exists, hashed with argon2id (m=19 MiB, t=2, p=1)', async () => {
    const rows = await stack.db.query(`SELECT email::text, name, password_hash FROM admins`);
    expect(rows).toHaveLength(1);
    expect(rows[0].email).toBe('First.Admin@Example.org');
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(rows[0].password_hash).not.toContain(STRONG);
    await login('first.admin@example.org', STRONG).expect(200);
    const audit = await stack.db.query(`SELECT 1 FROM audit_log WHERE action = 'admin.created'`);
    expect(audit).toHaveLength(1);
  });

  it('does nothing at start-up when an admin already exists', async () => {
    const env = loadEnv({ ...stack.rawEnv, ADMIN_EMAIL: 'someone.else@example.org', ADMIN_PASSWORD: STRONG });
    const app = await createApiApp(env, createLogger('silent', 'api-2'));
    await app.init();
    await app.close();
    const rows = await stack.db.query(`SELECT email::text FROM admins WHERE email = 'someone.else@example.org'`);
    expect(rows).toHaveLength(0);
  });

  it('refuses to start with a weak ADMIN_PASSWORD on an empty database, saying why', async () => {
    const ds = createDataSource(stack.db.url, { migrations, poolSize: 1 });
    await ds.initialize();
    try {
      await ds.query(`DELETE FROM admins`);
      await expect(
        ensureInitialAdmin(ds, { ADMIN_EMAIL: 'x@example.org', ADMIN_PASSWORD: 'password1' }, {
          info: () => undefined,
          warn: () => undefined,
        } as never),
      ).rejects.toThrow(/ADMIN_PASSWORD\/ADMIN_EMAIL refused: Password is too weak/);
      const warned: string[] = [];
      await expect(
        ensureInitialAdmin(ds, { ADMIN_EMAIL: 'x@example.org' }, {
          info: () => undefined,
          warn: (m: string) => warned.push(m),
        } as never),
      ).resolves.toBeUndefined();
      expect(warned[0]).toMatch(/both be set/);
      const created = await ensureInitialAdmin(ds, { ADMIN_EMAIL: 'first.admin@example.org', ADMIN_PASSWORD: STRONG }, {
        info: () => undefined,
        warn: () => undefined,
      } as never);
      expect(created?.email).toBe('first.admin@example.org');
    } finally {
      await ds.destroy();
    }
  });

  it('npm run admin:create with --password-stdin creates an admin who can sign in', async () => {
    const r = await runCli(stack, ['--email', 'cli@example.org', '--name', 'Cli Person', '--password-stdin'], {
      stdin: `${STRONG}\n`,
    });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Created admin cli@example\.org \(Cli Person\)/);
    const res = await login('cli@example.org', STRONG).expect(200);
    expect(res.body.admin).toMatchObject({ email: 'cli@example.org', name: 'Cli Person' });
  });

  it('prompts twice on a terminal without echoing the password', async () => {
    const r = await runCli(stack, ['--email', 'tty@example.org', '--name', 'Tty Person'], { tty: [STRONG, STRONG] });
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Password: [\s\S]*Repeat password: [\s\S]*Created admin tty@example\.org/);
    expect(r.out).not.toContain(STRONG);
    await login('tty@example.org', STRONG).expect(200);
  });

  it('refuses weak, short and over-long passwords, a taken e-mail, and missing arguments, with a reason', async () => {
    const weak = await runCli(stack, ['--email', 'weak@example.org', '--name', 'W', '--password-stdin'], {
      stdin: 'password123',
    });
    expect(weak.code).toBe(1);
    expect(weak.err).toMatch(/Password is too weak: This is similar to a commonly used password|Password is too weak/);
    const short = await runCli(stack, ['--email', 'short@example.org', '--name', 'S', '--password-stdin'], {
      stdin: 'Ab1!',
    });
    expect(short.err).toMatch(/at least 8 characters/);
    const long = await runCli(stack, ['--email', 'long@example.org', '--name', 'L', '--password-stdin'], {
      stdin: 'x'.repeat(257),
    });
    expect(long.err).toMatch(/at most 256 characters/);
    const taken = await runCli(stack, ['--email', 'CLI@example.org', '--name', 'Again', '--password-stdin'], {
      stdin: STRONG,
    });
    expect(taken.code).toBe(1);
    expect(taken.err).toMatch(/already exists/);
    const usage = await runCli(stack, ['--email', 'x@example.org'], { stdin: '' });
    expect(usage.code).toBe(2);
    expect(usage.err).toMatch(/--name are required/);
    const notTty = await runCli(stack, ['--email', 'x@example.org', '--name', 'X'], { stdin: STRONG });
    expect(notTty.code).toBe(2);
    expect(notTty.err).toMatch(/--password-stdin/);
    const rows = await stack.db.query(
      `SELECT email::text FROM admins WHERE email IN ('weak@example.org', 'short@example.org', 'long@example.org', 'x@example.org')`,
    );
    expect(rows).toEqual([]);
  });
});
