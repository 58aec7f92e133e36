import request from 'supertest';
import { authed, createAdmin, signIn } from '../helpers/admin.js';
import { startStack, type Stack } from '../helpers/stack.js';

const NEW_PASSWORD = 'Juniper-Lantern-Quarry-58';

describe('the signed-in admin’s account: change password, sign out everywhere', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ emulator: false, workers: 0, env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => stack.stop());

  let ip = 0;
  const from = () => `198.18.7.${++ip}`;
  const changePassword = (token: string, body: object, at = '198.18.8.1') =>
    authed(stack, token).post('/api/admin/change-password').set('X-Forwarded-For', at).send(body);

  it('sign out everywhere revokes every session of the admin, this one included, and no one else’s', async () => {
    const { token, admin } = await signIn(stack);
    const others = [(await signIn(stack, admin)).token, (await signIn(stack, admin)).token];
    const stranger = await signIn(stack);
    const res = await authed(stack, token).post('/api/admin/logout-everywhere').expect(200);
    expect(res.body).toEqual({ success: true, sessionsRevoked: 3 });
    for (const t of [token, ...others]) await authed(stack, t).get('/api/admin/me').expect(401);
    await authed(stack, stranger.token).get('/api/admin/me').expect(200);
    const [audit] = await stack.db.query(
      `SELECT success, details FROM audit_log WHERE action = 'admin.logout_everywhere' AND admin_id = $1`,
      [admin.id],
    );
    expect(audit).toEqual({ success: true, details: { sessionsRevoked: 3 } });
  });

  it('change password: needs the current password, applies the policy, revokes the other sessions and gives this browser a new token', async () => {
    const { token, admin } = await signIn(stack);
    const other = (await signIn(stack, admin)).token;

    const wrong = await changePassword(token, {
      currentPassword: 'Not-My-Password-1',
      newPassword: NEW_PASSWORD,
    }).expect(400);
    expect(wrong.body).toMatchObject({
      message: 'Current password is incorrect',
      error: 'Current password is incorrect',
    });
    const weak = await changePassword(token, { currentPassword: admin.password, newPassword: 'password123' }).expect(
      400,
    );
    expect(weak.body.error).toMatch(/^Password is too weak/);
    expect(
      (await changePassword(token, { currentPassword: admin.password, newPassword: 'short' }).expect(400)).body.error,
    ).toBe('Password must be at least 8 characters long');
    expect(
      (await changePassword(token, { currentPassword: admin.password, newPassword: admin.password }).expect(400)).body
        .error,
    ).toBe('The new password must be different from the current one');
    expect((await changePassword(token, { newPassword: NEW_PASSWORD }).expect(400)).body.message).toMatch(
      /currentPassword/,
    );
    // Nothing changed so far: both sessions live, the old password signs in.
    await authed(stack, other).get('/api/admin/me').expect(200);

    const ok = await changePassword(token, { currentPassword: admin.password, newPassword: NEW_PASSWORD }).expect(200);
    expect(ok.body).toEqual({
      success: true,
      sessionToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      message: 'Password changed. Every other session has been signed out.',
    });
    expect(ok.headers['cache-control']).toBe('no-store');
    await authed(stack, token).get('/api/admin/me').expect(401);
    await authed(stack, other).get('/api/admin/me').expect(401);
    expect((await authed(stack, ok.body.sessionToken).get('/api/admin/me').expect(200)).body.email).toBe(admin.email);

    await request(stack.apiUrl)
      .post('/api/admin/login')
      .set('X-Forwarded-For', from())
      .send({ email: admin.email, password: admin.password })
      .expect(401);
    await request(stack.apiUrl)
      .post('/api/admin/login')
      .set('X-Forwarded-For', from())
      .send({ email: admin.email, password: NEW_PASSWORD })
      .expect(200);

    const audit = await stack.db.query(
      `SELECT success, details FROM audit_log WHERE action = 'admin.password_changed' AND admin_id = $1 ORDER BY id`,
      [admin.id],
    );
    expect(audit).toEqual([
      { success: false, details: { reason: 'wrong_password' } },
      { success: false, details: { reason: 'weak_password' } },
      { success: false, details: { reason: 'weak_password' } },
      { success: false, details: { reason: 'same_password' } },
      { success: true, details: { sessionsRevoked: 2 } },
    ]);
  });

  it('a wrong current password counts as a failed sign-in: a stolen session cannot guess faster than the sign-in form', async () => {
    const admin = await createAdmin(stack);
    const { token } = await signIn(stack, admin);
    const at = '198.18.9.9';
    for (let i = 0; i < 5; i++)
      await changePassword(token, { currentPassword: `Guess-${i}-Password`, newPassword: NEW_PASSWORD }, at).expect(
        400,
      );
    const res = await changePassword(token, { currentPassword: admin.password, newPassword: NEW_PASSWORD }, at).expect(
      429,
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    await request(stack.apiUrl)
      .post('/api/admin/login')
      .set('X-Forwarded-For', at)
      .send({ email: admin.email, password: admin.password })
      .expect(429);
  });

  it('both need a live session', async () => {
    await request(stack.apiUrl).post('/api/admin/logout-everywhere').expect(401);
    await request(stack.apiUrl)
      .post('/api/admin/change-password')
      .send({ currentPassword: 'x', newPassword: NEW_PASSWORD })
      .expect(401);
  });
});
