import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApiApp } from '../../api/src/create-api-app.js';
import { createLogger } from '../../api/src/core/logging/logger.js';
import { createAdmin } from '../helpers/admin.js';
import { startStack, type Stack } from '../helpers/stack.js';

const RESET_MESSAGE = 'If an account exists for that e-mail, a reset link has been sent.';

describe('throttling of sign-in and reset requests (counters in Redis)', () => {
  let stack: Stack;
  // TRUST_PROXY lets each test speak from its own client address through X-Forwarded-For.
  beforeAll(async () => {
    stack = await startStack({ emulator: false, workers: 0, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => stack.stop());

  let ipCounter = 0;
  const freshIp = () => `198.51.100.${++ipCounter}`;
  const login = (email: string, password: string, ip: string, url = stack.apiUrl) =>
    request(url).post('/api/admin/login').set('X-Forwarded-For', ip).send({ email, password });

  const expectThrottled = (res: request.Response) => {
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    return res.body.message as string;
  };

  it('allows 5 failed sign-ins for one e-mail, then answers 429 with Retry-After, even from other addresses and with the right password', async () => {
    const admin = await createAdmin(stack);
    for (let i = 0; i < 5; i++) await login(admin.email, `Wrong-Password-${i}`, freshIp()).expect(401);
    const message = expectThrottled(await login(admin.email, 'Wrong-Password-x', freshIp()));
    expect(message).toMatch(/Too many failed sign-in attempts\. Please try again in \d+ minutes?\./);
    expectThrottled(await login(admin.email.toUpperCase(), admin.password, freshIp()));

    const rows = await stack.db.query(`SELECT details, ip FROM audit_log WHERE action = 'admin.login' AND admin_id IS NULL AND email_tried ILIKE $1 AND success = false`, [admin.email]);
    expect(rows.map((r) => r.details.reason)).toEqual(['throttled', 'throttled']);
    // TRUST_PROXY=true: the audit log records the client address the proxy reported.
    expect(rows[0].ip).toMatch(/^198\.51\.100\.\d+$/);
  });

  it('frees the e-mail once its failures are older than 15 minutes', async () => {
    const admin = await createAdmin(stack);
    for (let i = 0; i < 5; i++) await login(admin.email, `Wrong-Password-${i}`, freshIp()).expect(401);
    expectThrottled(await login(admin.email, admin.password, freshIp()));
    // Age every recorded attempt by 15 minutes, as the clock would.
    const keys = await stack.redis.keys(`${stack.env.REDIS_PREFIX}:throttle:login:email:*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const members = await stack.redis.zrange(key, 0, -1);
      for (const m of members) await stack.redis.zadd(key, Date.now() - 15 * 60_000 - 1000, m);
    }
    await login(admin.email, admin.password, freshIp()).expect(200);
  });

  it('a successful sign-in clears the e-mail failures', async () => {
    const admin = await createAdmin(stack);
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await login(admin.email, `Wrong-Password-${i}`, ip).expect(401);
    await login(admin.email, admin.password, ip).expect(200);
    for (let i = 0; i < 5; i++) await login(admin.email, `Wrong-Password-${i}`, ip).expect(401);
    expectThrottled(await login(admin.email, admin.password, ip));
  });

  it('allows 20 failed sign-ins from one address (any e-mails), then answers 429 to that address only', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) await login(`someone${i}@example.org`, 'Wrong-Password', ip).expect(401);
    const admin = await createAdmin(stack);
    expectThrottled(await login(admin.email, admin.password, ip));
    await login(admin.email, admin.password, freshIp()).expect(200);
  });

  it('shares the counters between API processes', async () => {
    const second = await createApiApp(stack.env, createLogger('silent', 'api-2'));
    await second.listen(0, '127.0.0.1');
    try {
      const secondUrl = `http://127.0.0.1:${(second.getHttpServer().address() as AddressInfo).port}`;
      const admin = await createAdmin(stack);
      for (let i = 0; i < 3; i++) await login(admin.email, 'Wrong-Password', freshIp()).expect(401);
      for (let i = 0; i < 2; i++) await login(admin.email, 'Wrong-Password', freshIp(), secondUrl).expect(401);
      expectThrottled(await login(admin.email, admin.password, freshIp(), secondUrl));
      expectThrottled(await login(admin.email, admin.password, freshIp()));
    } finally {
      await second.close();
    }
  });

  it('throttles reset requests the same way: 5 per e-mail (existing or not), 20 per address', async () => {
    const admin = await createAdmin(stack);
    for (const email of [admin.email, 'ghost@example.org']) {
      for (let i = 0; i < 5; i++) {
        const res = await request(stack.apiUrl).post('/api/admin/password-reset/request').set('X-Forwarded-For', freshIp()).send({ email }).expect(200);
        expect(res.body.message).toBe(RESET_MESSAGE);
      }
      const res = await request(stack.apiUrl).post('/api/admin/password-reset/request').set('X-Forwarded-For', freshIp()).send({ email });
      expect(expectThrottled(res)).toMatch(/Too many password reset requests/);
    }
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      await request(stack.apiUrl).post('/api/admin/password-reset/request').set('X-Forwarded-For', ip).send({ email: `x${i}@example.org` }).expect(200);
    }
    expectThrottled(await request(stack.apiUrl).post('/api/admin/password-reset/request').set('X-Forwarded-For', ip).send({ email: 'y@example.org' }));
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
    for (let i = 0; i < 7; i++) await request(stack.apiUrl).post('/api/admin/login').send({ email: admin.email, password: 'Wrong-Password' }).expect(401);
    const res = await request(stack.apiUrl).post('/api/admin/login').send({ email: admin.email, password: admin.password }).expect(200);
    expect(res.body.success).toBe(true);
    const reset = await request(stack.apiUrl).post('/api/admin/password-reset/request').send({ email: admin.email }).expect(200);
    expect(reset.body.message).toBe(RESET_MESSAGE);
  });
});
