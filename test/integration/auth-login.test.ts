import request from 'supertest';
import { authed, createAdmin, signIn } from '../helpers/admin.js';
import { startStack, type Stack } from '../helpers/stack.js';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

describe('admin sign-in, me and sign-out', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ emulator: false, workers: 0 });
  });
  afterAll(() => stack.stop());

  const audit = (action: string) => stack.db.query(`SELECT * FROM audit_log WHERE action = $1 ORDER BY id`, [action]);

  it('signs in with the right e-mail (any case) and password, and stores only the SHA-256 of the token', async () => {
    const admin = await createAdmin(stack, { name: 'Ada Admin' });
    const res = await request(stack.apiUrl)
      .post('/api/admin/login')
      .set('User-Agent', 'jest-login')
      .send({ email: admin.email.toUpperCase(), password: admin.password })
      .expect(200);
    expect(res.body).toEqual({
      success: true,
      sessionToken: expect.stringMatching(TOKEN_SHAPE),
      admin: { id: admin.id, email: admin.email, name: 'Ada Admin', role: 'owner' },
    });
    expect(res.headers['cache-control']).toBe('no-store');

    const [session] = await stack.db.query(
      `SELECT encode(token_hash, 'hex') AS h, ip, user_agent, idle_expires_at - created_at AS idle, absolute_expires_at - created_at AS abs FROM admin_sessions WHERE admin_id = $1`,
      [admin.id],
    );
    const { createHash } = await import('node:crypto');
    expect(session.h).toBe(createHash('sha256').update(res.body.sessionToken, 'utf8').digest('hex'));
    expect(session.user_agent).toBe('jest-login');
    expect(session.ip).toMatch(/127\.0\.0\.1/);
    expect(session.idle).toEqual({ minutes: 30 });
    expect(session.abs).toEqual({ hours: 8 });
    const [row] = await stack.db.query(`SELECT last_sign_in_at FROM admins WHERE id = $1`, [admin.id]);
    expect(row.last_sign_in_at).not.toBeNull();

    const rows = await audit('admin.login');
    expect(rows.at(-1)).toMatchObject({
      admin_id: admin.id,
      success: true,
      email_tried: admin.email.toUpperCase(),
      user_agent: 'jest-login',
    });
  });

  it('answers 401 "Invalid email or password" for a wrong password and for an unknown e-mail, and audits both', async () => {
    const admin = await createAdmin(stack);
    const wrong = await request(stack.apiUrl)
      .post('/api/admin/login')
      .send({ email: admin.email, password: 'Not-The-Password-42' })
      .expect(401);
    expect(wrong.body.message).toBe('Invalid email or password');
    const unknown = await request(stack.apiUrl)
      .post('/api/admin/login')
      .send({ email: 'nobody@example.org', password: admin.password })
      .expect(401);
    expect(unknown.body.message).toBe('Invalid email or password');
    expect(unknown.body).toEqual(wrong.body);

    const rows = await audit('admin.login');
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          admin_id: admin.id,
          email_tried: admin.email,
          success: false,
          details: { reason: 'wrong_password' },
        }),
        expect.objectContaining({
          admin_id: null,
          email_tried: 'nobody@example.org',
          success: false,
          details: { reason: 'unknown_email' },
        }),
      ]),
    );
    const sessions = await stack.db.query(`SELECT 1 FROM admin_sessions WHERE admin_id = $1`, [admin.id]);
    expect(sessions).toHaveLength(0);
  });

  it('takes about as long for an unknown e-mail as for a wrong password (both verify an argon2id hash)', async () => {
    const admin = await createAdmin(stack);
    const time = async (email: string) => {
      const t = process.hrtime.bigint();
      await request(stack.apiUrl)
        .post('/api/admin/login')
        .send({ email, password: 'Some-Wrong-Password-1' })
        .expect(401);
      return Number(process.hrtime.bigint() - t) / 1e6;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const known: number[] = [];
    const unknownT: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(admin.email));
      unknownT.push(await time(`ghost${i}@example.org`));
    }
    const k = median(known);
    const u = median(unknownT);
    // Both do one argon2id verification (tens of ms); a skipped verification would make "unknown" several times faster.
    expect(u).toBeGreaterThan(k * 0.4);
    expect(k).toBeGreaterThan(u * 0.4);
  });

  it('answers 400 naming the missing field, and never 500 for a malformed body', async () => {
    const api = request(stack.apiUrl);
    const noEmail = await api.post('/api/admin/login').send({ password: 'x' }).expect(400);
    expect(noEmail.body.message).toMatch(/email/);
    const noPassword = await api.post('/api/admin/login').send({ email: 'a@b.org' }).expect(400);
    expect(noPassword.body.message).toMatch(/password/);
    const emptyPassword = await api.post('/api/admin/login').send({ email: 'a@b.org', password: '' }).expect(400);
    expect(emptyPassword.body.message).toMatch(/password/);
    const wrongType = await api
      .post('/api/admin/login')
      .send({ email: ['a@b.org'], password: 'x' })
      .expect(400);
    expect(wrongType.body.message).toMatch(/email/);
    const extra = await api
      .post('/api/admin/login')
      .send({ email: 'a@b.org', password: 'x', isAdmin: true })
      .expect(400);
    expect(extra.body.message).toMatch(/isAdmin/);
    await api.post('/api/admin/login').set('Content-Type', 'application/json').send('{"email": ').expect(400);
  });

  it('GET /api/admin/me returns the admin for a live token and 401 otherwise', async () => {
    const { token, admin } = await signIn(stack);
    const me = await authed(stack, token).get('/api/admin/me').expect(200);
    expect(me.body).toEqual({ id: admin.id, email: admin.email, name: admin.name, role: 'owner' });
    await request(stack.apiUrl).get('/api/admin/me').expect(401);
    await request(stack.apiUrl).get('/api/admin/me').set('Authorization', 'Bearer not-a-token').expect(401);
    await request(stack.apiUrl)
      .get('/api/admin/me')
      .set('Authorization', `Bearer ${'A'.repeat(43)}`)
      .expect(401);
    await request(stack.apiUrl).get('/api/admin/me').set('Authorization', token).expect(401);
  });

  it('logout revokes the session: the same token then answers 401, other sessions keep working', async () => {
    const { token, admin } = await signIn(stack);
    const other = (await signIn(stack, admin)).token;
    const res = await authed(stack, token).post('/api/admin/logout').expect(200);
    expect(res.body).toEqual({ success: true });
    await authed(stack, token).get('/api/admin/me').expect(401);
    await authed(stack, token).post('/api/admin/logout').expect(401);
    await authed(stack, other).get('/api/admin/me').expect(200);
    const [row] = await stack.db.query(
      `SELECT count(*)::int AS n FROM admin_sessions WHERE admin_id = $1 AND revoked_at IS NOT NULL`,
      [admin.id],
    );
    expect(row.n).toBe(1);
    const rows = await audit('admin.logout');
    expect(rows.at(-1)).toMatchObject({ admin_id: admin.id, success: true });
  });
});
