import request from 'supertest';
import { createApiApp } from '../../api/src/create-api-app.js';
import { codeAt, currentStep } from '../../api/src/auth/two-factor/totp.js';
import { loadEnv } from '../../core/src/config/load-env.js';
import { createLogger } from '../../core/src/logging/logger.js';
import { newToken, tokenHash } from '../../core/src/tokens/opaque-token.js';
import { authed, createAdmin } from '../helpers/admin.js';
import { Authenticator, signInEnrolling, signInWithCode, type TwoFactorAdmin } from '../helpers/authenticator.js';
import { TWO_FACTOR_KEY_REQUIRED } from '../../api/src/auth/auth.module.js';
import { startStack, type Stack } from '../helpers/stack.js';

describe('two-factor sign-in (TOTP)', () => {
  let stack: Stack;
  let owner: TwoFactorAdmin;
  const api = () => request(stack.apiUrl);
  const login = (a: { email: string; password: string }) =>
    api().post('/api/admin/login').send({ email: a.email, password: a.password });

  beforeAll(async () => {
    stack = await startStack({ emulator: false, workers: 0, requireTwoFactor: true });
  });
  afterAll(() => stack.stop());

  it('takes an admin without two-factor through enrolment at sign-in: QR code and secret, a wrong code refused, ten recovery codes', async () => {
    const admin = await createAdmin(stack, { name: 'Olive Owner' });
    const first = await login(admin).expect(200);
    expect(first.body).toEqual({
      success: false,
      next: 'enrol-two-factor',
      challengeToken: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(first.body.sessionToken).toBeUndefined();
    const challengeToken = first.body.challengeToken;
    // The challenge is not a session.
    await authed(stack, challengeToken).get('/api/admin/me').expect(401);

    const setup = await api().post('/api/admin/login/two-factor/setup').send({ challengeToken }).expect(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Hillside%20Learning%20Center:.*secret=/);
    expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);
    const [stored] = await stack.db.query(
      `SELECT encode(totp_pending_secret, 'escape') AS raw, totp_secret FROM admins WHERE id = $1`,
      [admin.id],
    );
    expect(stored.raw).not.toContain(setup.body.secret);
    expect(stored.totp_secret).toBeNull();

    const app = new Authenticator(setup.body.secret);
    const wrong = await api()
      .post('/api/admin/login/two-factor/enrol')
      .send({ challengeToken, code: '000000' === app.codeNow() ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid code. Please try again.');
    const bad = await api().post('/api/admin/login/two-factor/enrol').send({ challengeToken, code: 'abc' }).expect(400);
    expect(bad.body.message).toBe('code must be the 6-digit code from your authenticator app or a recovery code');

    const done = await api()
      .post('/api/admin/login/two-factor/enrol')
      .send({ challengeToken, code: await app.nextCode() })
      .expect(200);
    expect(done.body).toMatchObject({ success: true, admin: { id: admin.id, role: 'owner' } });
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect(new Set(done.body.recoveryCodes).size).toBe(10);
    await authed(stack, done.body.sessionToken).get('/api/admin/me').expect(200);
    // The challenge was spent.
    const spent = await api().post('/api/admin/login/two-factor').send({ challengeToken, code: '123456' }).expect(401);
    expect(spent.body.message).toBe('Your sign-in has expired. Please sign in again.');
    const [row] = await stack.db.query(
      `SELECT totp_secret IS NOT NULL AS on, totp_pending_secret IS NULL AS clear FROM admins WHERE id = $1`,
      [admin.id],
    );
    expect(row).toEqual({ on: true, clear: true });
    const codes = await stack.db.query(`SELECT code_hash FROM admin_recovery_codes WHERE admin_id = $1`, [admin.id]);
    expect(codes).toHaveLength(10);
    for (const c of done.body.recoveryCodes as string[])
      expect(JSON.stringify(codes)).not.toContain(c.replace('-', ''));
    owner = { ...admin, app, recoveryCodes: done.body.recoveryCodes };
  });

  it('asks an enrolled admin for a code; refuses a wrong, a reused and an old code', async () => {
    const first = await login(owner).expect(200);
    expect(first.body).toEqual({ success: false, next: 'two-factor', challengeToken: expect.any(String) });
    const send = (code: string) =>
      api().post('/api/admin/login/two-factor').send({ challengeToken: first.body.challengeToken, code });

    // The step used at enrolment cannot be used again, nor an older one.
    const reused = await send(codeAt(owner.app.secret, owner.app.lastStep));
    expect(reused.status).toBe(401);
    const old = await send(codeAt(owner.app.secret, currentStep() - 3));
    expect(old.status).toBe(401);
    expect(old.body.message).toBe('Invalid code. Please try again.');

    const code = await owner.app.nextCode();
    const ok = await send(code).expect(200);
    await authed(stack, ok.body.sessionToken).get('/api/admin/me').expect(200);

    // The same code on a new sign-in, within its window: refused as used.
    const again = await login(owner).expect(200);
    const replay = await api()
      .post('/api/admin/login/two-factor')
      .send({ challengeToken: again.body.challengeToken, code });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('This code has already been used. Please wait for the next code from your app.');
    const audit = await stack.db.query(
      `SELECT details->>'reason' AS reason FROM audit_log WHERE admin_id = $1 AND action = 'admin.login' AND success = false ORDER BY id`,
      [owner.id],
    );
    expect(audit.map((r) => r.reason)).toEqual(expect.arrayContaining(['wrong_code', 'reused_code']));
  });

  it('accepts a recovery code once', async () => {
    const code = owner.recoveryCodes[0];
    const first = await login(owner).expect(200);
    const ok = await api()
      .post('/api/admin/login/two-factor')
      .send({ challengeToken: first.body.challengeToken, code: code.toUpperCase() })
      .expect(200);
    expect(ok.body.success).toBe(true);
    const second = await login(owner).expect(200);
    await api()
      .post('/api/admin/login/two-factor')
      .send({ challengeToken: second.body.challengeToken, code })
      .expect(401);
    const status = await authed(stack, ok.body.sessionToken).get('/api/admin/account/two-factor').expect(200);
    expect(status.body).toMatchObject({ enabled: true, recoveryCodesLeft: 9, required: true, available: true });
    const used = await stack.db.query(
      `SELECT details FROM audit_log WHERE admin_id = $1 AND action = 'admin.two_factor.recovery_code_used'`,
      [owner.id],
    );
    expect(used).toEqual([{ details: { left: 9 } }]);
  });

  it('a password reset does not bypass two-factor: the code is still asked for', async () => {
    const token = newToken();
    await stack.db.query(
      `INSERT INTO password_reset_tokens (admin_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 hour')`,
      [owner.id, tokenHash(token)],
    );
    const newPassword = 'Brand-New-Lantern-Harbor-42';
    await api().post('/api/admin/password-reset/confirm').send({ token, newPassword }).expect(200);
    owner.password = newPassword;
    const first = await login(owner).expect(200);
    expect(first.body).toMatchObject({ success: false, next: 'two-factor' });
    expect(await signInWithCode(stack, owner)).toMatch(/^[\w-]{43}$/);
  });

  it('counts wrong codes as failed sign-ins: five from one address, then the right password is refused for a while', async () => {
    const admin = await createAdmin(stack);
    const { admin: enrolled } = await signInEnrolling(stack, admin);
    // Not an address this admin signed in from (those are only slowed down, never refused).
    await stack.db.query(`DELETE FROM admin_sessions WHERE admin_id = $1`, [admin.id]);
    const first = await login(enrolled).expect(200);
    for (let i = 0; i < 5; i++) {
      const res = await api()
        .post('/api/admin/login/two-factor')
        .send({
          challengeToken: first.body.challengeToken,
          code: '999999' === enrolled.app.codeNow() ? '888888' : '999999',
        });
      expect(res.status).toBe(401);
    }
    // The challenge is used up...
    await api()
      .post('/api/admin/login/two-factor')
      .send({ challengeToken: first.body.challengeToken, code: await enrolled.app.nextCode() })
      .expect(401);
    // ...and the pair (account, address) is over its limit: even the right password waits.
    const refused = await login(enrolled);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('a disabled admin cannot finish signing in, and a password-only admin gets a session when two-factor is not required', async () => {
    const admin = await createAdmin(stack);
    const first = await login(admin).expect(200);
    await stack.db.query(`UPDATE admins SET disabled_at = now() WHERE id = $1`, [admin.id]);
    await api()
      .post('/api/admin/login/two-factor/setup')
      .send({ challengeToken: first.body.challengeToken })
      .expect(401);
    await login(admin).expect(401);

    await stack.db.query(`UPDATE settings SET value = 'false' WHERE key = 'auth.require_two_factor'`);
    try {
      const plain = await createAdmin(stack);
      const res = await login(plain).expect(200);
      expect(res.body).toMatchObject({ success: true, sessionToken: expect.any(String), admin: { role: 'owner' } });
      // Enrolled admins are still asked for their code.
      expect((await login(owner).expect(200)).body.next).toBe('two-factor');
    } finally {
      await stack.db.query(`UPDATE settings SET value = 'true' WHERE key = 'auth.require_two_factor'`);
    }
  });

  it('enrols from the account page too, confirmed by one code', async () => {
    await stack.db.query(`UPDATE settings SET value = 'false' WHERE key = 'auth.require_two_factor'`);
    try {
      const admin = await createAdmin(stack);
      const session = (await login(admin).expect(200)).body.sessionToken;
      const a = authed(stack, session);
      expect((await a.get('/api/admin/account/two-factor').expect(200)).body).toMatchObject({
        enabled: false,
        required: false,
        recoveryCodesLeft: 0,
      });
      await a.post('/api/admin/account/two-factor/confirm').send({ code: '123456' }).expect(400);
      const setup = await a.post('/api/admin/account/two-factor/setup').send({ password: admin.password }).expect(200);
      const app = new Authenticator(setup.body.secret);
      const done = await a
        .post('/api/admin/account/two-factor/confirm')
        .send({ code: await app.nextCode() })
        .expect(200);
      expect(done.body.recoveryCodes).toHaveLength(10);
      expect((await login(admin).expect(200)).body.next).toBe('two-factor');
    } finally {
      await stack.db.query(`UPDATE settings SET value = 'true' WHERE key = 'auth.require_two_factor'`);
    }
  });

  it('start-up refuses a missing or wrong TWO_FACTOR_KEY once an admin has two-factor (in production whenever it is required), and a short key at all', async () => {
    const { TWO_FACTOR_KEY: _key, ...withoutKey } = stack.rawEnv;
    const logger = createLogger('silent', 'test');
    const startsWith = async (env: Record<string, string>, message: string) => {
      const app = await createApiApp(loadEnv(env), logger);
      try {
        await expect(app.init()).rejects.toThrow(message);
      } finally {
        await app.close().catch(() => undefined);
      }
    };
    await startsWith(withoutKey, 'TWO_FACTOR_KEY is missing, but admins have two-factor sign-in');
    // In production the key is needed as soon as two-factor sign-in is required, before any admin has enrolled.
    await startsWith({ ...withoutKey, NODE_ENV: 'production', PRODUCTION_REHEARSAL: 'true' }, TWO_FACTOR_KEY_REQUIRED);
    await startsWith(
      { ...withoutKey, TWO_FACTOR_KEY: Buffer.alloc(32, 7).toString('base64') },
      'TWO_FACTOR_KEY does not open the stored two-factor secrets',
    );
    expect(() => loadEnv({ ...withoutKey, TWO_FACTOR_KEY: 'c2hvcnQ=' })).toThrow(
      'Invalid environment variable TWO_FACTOR_KEY: TWO_FACTOR_KEY must be 32 random bytes as 64 hex digits or base64 (openssl rand -base64 32)',
    );
  });
});
