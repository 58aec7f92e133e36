import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApiApp } from '../../api/src/create-api-app.js';
import { createLogger } from '../../core/src/logging/logger.js';
import { createAdmin, type TestAdmin } from '../helpers/admin.js';
import { waitUntil } from '../helpers/faults.js';
import { startStack, type Stack } from '../helpers/stack.js';

const RESET_MESSAGE = 'If an account exists for that e-mail, a reset link has been sent.';
/** What a reverse proxy in front of the API appends: the address it saw. TRUST_PROXY=1 believes that entry only. */
const PROXY_SEEN = '203.0.113.50';

describe('throttling of sign-in and reset requests (rate-limiter-flexible counters in Redis)', () => {
  let stack: Stack;
  // TRUST_PROXY=1 (one proxy): each test speaks from its own client address through X-Forwarded-For.
  beforeAll(async () => {
    stack = await startStack({ emulator: false, workers: 0, env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => stack.stop());

  let ipCounter = 0;
  const freshIp = () => `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
  const login = (email: string, password: string, ip: string, url = stack.apiUrl) =>
    request(url).post('/api/admin/login').set('X-Forwarded-For', ip).send({ email, password });
  const resetRequest = (email: string, ip: string) =>
    request(stack.apiUrl).post('/api/admin/password-reset/request').set('X-Forwarded-For', ip).send({ email });

  const expectThrottled = (res: request.Response, maxSeconds = 15 * 60) => {
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
    return res.body.message as string;
  };
  const fail = async (admin: TestAdmin | string, ip: string, times: number) => {
    for (let i = 0; i < times; i++)
      await login(typeof admin === 'string' ? admin : admin.email, `Wrong-Password-${i}`, ip).expect(401);
  };

  it('5 failures for one account from one address refuse that address (429, even with the right password); the admin still signs in from elsewhere', async () => {
    const admin = await createAdmin(stack);
    const attacker = freshIp();
    await fail(admin, attacker, 5);
    const message = expectThrottled(await login(admin.email, 'Wrong-Password-x', attacker));
    expect(message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);
    expectThrottled(await login(admin.email.toUpperCase(), admin.password, attacker));
    await login(admin.email, admin.password, freshIp()).expect(200);

    const rows = await stack.db.query(
      `SELECT ip, details FROM audit_log WHERE action = 'admin.login' AND admin_id = $1 AND success = false ORDER BY id`,
      [admin.id],
    );
    expect(rows.map((r) => r.details.reason)).toEqual([...Array(5).fill('wrong_password'), 'throttled', 'throttled']);
    // TRUST_PROXY=1: the audit log records the client address the proxy reported.
    expect(rows.every((r) => r.ip === attacker)).toBe(true);
  });

  it('from an address the admin signed in from before, failures slow the next try (1 s, doubling) but never lock the right password out', async () => {
    const admin = await createAdmin(stack);
    const home = freshIp();
    const slowKey = `${stack.env.REDIS_PREFIX}:throttle:login:slow:admin:${admin.id}|${home}`;
    const waitedOut = async () => {
      const deadline = Date.now() + 5000;
      while ((await stack.redis.exists(slowKey)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    };
    await login(admin.email, admin.password, home).expect(200);
    await fail(admin, home, 5);
    expectThrottled(await login(admin.email, admin.password, home), 1);
    await waitedOut();
    await login(admin.email, 'Wrong-Password-6', home).expect(401);
    const second = await login(admin.email, admin.password, home);
    expectThrottled(second, 2);
    expect(second.headers['retry-after']).toBe('2');
    expect(second.body.message).toMatch(/^Too many failed sign-in attempts\. Please try again in [12] seconds?\.$/);
    await waitedOut();
    await login(admin.email, admin.password, home).expect(200);
    // The success cleared that pair: five more failures are answered 401 before any wait.
    await fail(admin, home, 5);
  });

  it('60 failures from one address (any e-mails) refuse that address to strangers, not to an admin who signed in there before', async () => {
    const shared = freshIp();
    const regular = await createAdmin(stack);
    await login(regular.email, regular.password, shared).expect(200);
    for (let i = 0; i < 50; i++) await login(`someone${i}@example.org`, 'Wrong-Password', shared).expect(401);
    const newcomer = await createAdmin(stack);
    expectThrottled(await login(newcomer.email, newcomer.password, shared), 60 * 60);
    await login(regular.email, regular.password, shared).expect(200);
    await login(newcomer.email, newcomer.password, freshIp()).expect(200);
  }, 120_000);

  it('100 failures for one account from rotating addresses refuse new addresses for a day, but not the admin’s known one', async () => {
    const admin = await createAdmin(stack);
    const home = freshIp();
    await login(admin.email, admin.password, home).expect(200);
    for (let i = 0; i < 100; i++) await login(admin.email, 'Wrong-Password', freshIp()).expect(401);
    expectThrottled(await login(admin.email, admin.password, freshIp()), 24 * 60 * 60);
    await login(admin.email, admin.password, home).expect(200);
  }, 180_000);

  it('counts every spelling of the e-mail against the account (admİn@ with a Turkish dotted I matches it in Postgres)', async () => {
    const admin = await createAdmin(stack, { email: `admin-${Date.now()}@example.org` });
    const turkish = admin.email.replace('admin', 'admİn');
    const ip = freshIp();
    await fail(admin, ip, 3);
    await fail(turkish, ip, 2);
    expectThrottled(await login(turkish, admin.password, ip));
    expectThrottled(await login(admin.email, admin.password, ip));
    const rows = await stack.db.query(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'admin.login' AND admin_id = $1 AND details->>'reason' = 'wrong_password'`,
      [admin.id],
    );
    expect(rows[0].n).toBe(5);
  });

  it('a window that has passed frees the pair', async () => {
    const admin = await createAdmin(stack);
    const ip = freshIp();
    await fail(admin, ip, 5);
    expectThrottled(await login(admin.email, admin.password, ip));
    // Let the counters reach the end of their 15-minute window, as the clock would.
    const keys = await stack.redis.keys(`${stack.env.REDIS_PREFIX}:throttle:login:pair:admin:${admin.id}|${ip}`);
    expect(keys).toHaveLength(1);
    await stack.redis.pexpire(keys[0], 1);
    await waitUntil(async () => (await stack.redis.exists(keys[0])) === 0, { timeoutMs: 5_000, intervalMs: 5 });
    await login(admin.email, admin.password, ip).expect(200);
  });

  it('shares the counters between API processes', async () => {
    const second = await createApiApp(stack.env, createLogger('silent', 'api-2'));
    await second.listen(0, '127.0.0.1');
    try {
      const secondUrl = `http://127.0.0.1:${(second.getHttpServer().address() as AddressInfo).port}`;
      const admin = await createAdmin(stack);
      const ip = freshIp();
      for (let i = 0; i < 3; i++) await login(admin.email, 'Wrong-Password', ip).expect(401);
      for (let i = 0; i < 2; i++) await login(admin.email, 'Wrong-Password', ip, secondUrl).expect(401);
      expectThrottled(await login(admin.email, admin.password, ip, secondUrl));
      expectThrottled(await login(admin.email, admin.password, ip));
    } finally {
      await second.close();
    }
  });

  it('with TRUST_PROXY=1, 30 failures with a rotating spoofed X-Forwarded-For all count as the address the proxy saw', async () => {
    const admin = await createAdmin(stack);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const spoofed = `10.${i}.${i}.${i}, 192.0.2.${i + 1}`;
      const res = await request(stack.apiUrl)
        .post('/api/admin/login')
        .set('X-Forwarded-For', `${spoofed}, ${PROXY_SEEN}`)
        .send({ email: admin.email, password: `Wrong-${i}` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(25).fill(429)]);
    const ips = await stack.db.query(
      `SELECT DISTINCT ip FROM audit_log WHERE action = 'admin.login' AND admin_id = $1`,
      [admin.id],
    );
    expect(ips).toEqual([{ ip: PROXY_SEEN }]);
  });

  it('throttles reset requests: 5 per e-mail in any spelling (existing or not), 20 per address', async () => {
    const admin = await createAdmin(stack, { email: `admin-r${Date.now()}@example.org` });
    const spellings = [
      admin.email,
      admin.email.toUpperCase(),
      admin.email.replace('admin', 'admİn'),
      admin.email,
      admin.email.replace('admin', 'ADMİN'),
    ];
    for (const email of [spellings, Array(5).fill('ghost@example.org')]) {
      for (const spelling of email)
        expect((await resetRequest(spelling, freshIp()).expect(200)).body.message).toBe(RESET_MESSAGE);
      expect(expectThrottled(await resetRequest(email[0], freshIp()))).toMatch(
        /^Too many password reset requests\. Please try again in \d+ minutes?\.$/,
      );
    }
    const ip = freshIp();
    for (let i = 0; i < 20; i++) await resetRequest(`x${i}@example.org`, ip).expect(200);
    expectThrottled(await resetRequest('y@example.org', ip));
  });
});

describe('throttling when Redis is unreachable', () => {
  let stack: Stack;
  beforeAll(async () => {
    // Port 1: nothing listens, so every Redis command of this API fails at once.
    stack = await startStack({ emulator: false, workers: 0, env: { REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(() => stack.stop());

  it('fails open: admins can still sign in, failures are not counted, and reset requests answer as usual', async () => {
    const admin = await createAdmin(stack);
    for (let i = 0; i < 7; i++)
      await request(stack.apiUrl)
        .post('/api/admin/login')
        .send({ email: admin.email, password: 'Wrong-Password' })
        .expect(401);
    const res = await request(stack.apiUrl)
      .post('/api/admin/login')
      .send({ email: admin.email, password: admin.password })
      .expect(200);
    expect(res.body.success).toBe(true);
    const reset = await request(stack.apiUrl)
      .post('/api/admin/password-reset/request')
      .send({ email: admin.email })
      .expect(200);
    expect(reset.body.message).toBe(RESET_MESSAGE);
  });
});
