import request from 'supertest';
import { authed, createAdmin } from '../helpers/admin.js';
import { Authenticator, signInEnrolling, signInWithCode } from '../helpers/authenticator.js';
import { decodeQuotedPrintable, startSmtpCatcher } from '../helpers/smtp-catcher.js';
import { startStack, type Stack } from '../helpers/stack.js';

const PASSWORD = 'Quartz-Meadow-Lantern-58';

function inviteToken(raw: string): string {
  const m = /https?:\/\/\S+?\/admin-invite\?token=([A-Za-z0-9_-]{43})/.exec(decodeQuotedPrintable(raw));
  if (!m) throw new Error(`no invitation link in:\n${raw}`);
  return m[1];
}

describe('admin accounts: invitations, roles, disabling, sessions (real SMTP, real worker)', () => {
  let stack: Stack;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let ownerToken: string;
  let ownerId: string;
  const api = () => request(stack.apiUrl);
  const owner = () => authed(stack, ownerToken);

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    stack = await startStack({
      emulator: false,
      workers: 1,
      requireTwoFactor: true,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
    });
    const signedIn = await signInEnrolling(stack, await createAdmin(stack, { name: 'Olive Owner' }));
    ownerToken = signedIn.token;
    ownerId = signedIn.admin.id;
  });
  afterAll(async () => {
    await stack?.stop();
    await smtp?.close();
  });

  it('invite -> e-mailed link -> set password -> enrol two-factor -> sign in; the link works once', async () => {
    const email = 'sam.books@example.org';
    const invited = await owner()
      .post('/api/admin/admins')
      .send({ email, name: 'Sam Books', role: 'bookkeeper' })
      .expect(201);
    expect(invited.body).toMatchObject({
      email,
      name: 'Sam Books',
      role: 'bookkeeper',
      status: 'invited',
      twoFactorEnabled: false,
    });
    await owner()
      .post('/api/admin/admins')
      .send({ email: 'SAM.BOOKS@example.org', name: 'Again', role: 'owner' })
      .expect(409);

    const [mail] = await smtp.waitFor(email);
    expect(mail.raw).toMatch(/^Subject: You are invited to the admin area/m);
    expect(decodeQuotedPrintable(mail.raw)).toContain('Olive Owner invited you');
    const token = inviteToken(mail.raw);
    // Nothing secret in Redis: the job named only the admin's id.
    const keys = await stack.redis.keys(`${stack.rawEnv.REDIS_PREFIX}:*`);
    for (const key of keys) {
      const type = await stack.redis.type(key);
      const dump =
        type === 'hash'
          ? JSON.stringify(await stack.redis.hgetall(key))
          : type === 'string'
            ? await stack.redis.get(key)
            : '';
      expect(dump ?? '').not.toContain(token);
    }

    // An invited admin cannot sign in before accepting.
    await api().post('/api/admin/login').send({ email, password: PASSWORD }).expect(401);
    await api().post('/api/admin/invite/accept').send({ token, newPassword: 'short' }).expect(400);
    const accepted = await api().post('/api/admin/invite/accept').send({ token, newPassword: PASSWORD }).expect(200);
    expect(accepted.body).toEqual({ success: false, next: 'enrol-two-factor', challengeToken: expect.any(String) });
    const again = await api().post('/api/admin/invite/accept').send({ token, newPassword: PASSWORD }).expect(400);
    expect(again.body.message).toBe('This invitation has already been used. Sign in with your password instead.');

    const setup = await api()
      .post('/api/admin/login/two-factor/setup')
      .send({ challengeToken: accepted.body.challengeToken })
      .expect(200);
    const app = new Authenticator(setup.body.secret);
    const enrolled = await api()
      .post('/api/admin/login/two-factor/enrol')
      .send({ challengeToken: accepted.body.challengeToken, code: await app.nextCode() })
      .expect(200);
    expect(enrolled.body.admin).toMatchObject({ email, role: 'bookkeeper' });

    const sam = {
      id: invited.body.id,
      email,
      name: 'Sam Books',
      role: 'bookkeeper' as const,
      password: PASSWORD,
      app,
      recoveryCodes: enrolled.body.recoveryCodes,
    };
    const session = await signInWithCode(stack, sam);
    const me = await authed(stack, session).get('/api/admin/me').expect(200);
    expect(me.body.role).toBe('bookkeeper');
    // A bookkeeper sees the dashboard but not the Admins page.
    await authed(stack, session).get('/api/stripe/analytics').expect(200);
    await authed(stack, session).get('/api/admin/admins').expect(403);
    const list = await owner().get('/api/admin/admins').expect(200);
    expect(list.body.find((a: { email: string }) => a.email === email)).toMatchObject({
      status: 'active',
      twoFactorEnabled: true,
      activeSessions: 2,
    });
  });

  it("a disabled admin's open sessions stop working at once, sign-in is refused, and re-enabling lets them back in", async () => {
    const admin = await createAdmin(stack, { role: 'bookkeeper' });
    const { token, admin: enrolled } = await signInEnrolling(stack, admin);
    await authed(stack, token).get('/api/stripe/customers').expect(200);
    await owner().post(`/api/admin/admins/${admin.id}/disable`).expect(200);
    await authed(stack, token).get('/api/stripe/customers').expect(401);
    await api().post('/api/admin/login').send({ email: admin.email, password: admin.password }).expect(401);
    expect(
      (await owner().get('/api/admin/admins').expect(200)).body.find((a: { id: string }) => a.id === admin.id).status,
    ).toBe('disabled');
    await owner().post(`/api/admin/admins/${admin.id}/enable`).expect(200);
    expect(await signInWithCode(stack, enrolled)).toEqual(expect.any(String));
  });

  it('the last active owner can be neither demoted nor disabled; with a second owner both work', async () => {
    const demote = await owner().patch(`/api/admin/admins/${ownerId}`).send({ role: 'bookkeeper' });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe(
      'The school must keep at least one active owner: make another admin an owner first.',
    );
    await owner().post(`/api/admin/admins/${ownerId}/disable`).expect(409);
    await owner().patch(`/api/admin/admins/${ownerId}`).send({ role: 'admin' }).expect(400);

    const second = await createAdmin(stack, { role: 'bookkeeper' });
    await owner().patch(`/api/admin/admins/${second.id}`).send({ role: 'owner' }).expect(200);
    const { token } = await signInEnrolling(stack, second);
    await authed(stack, token).patch(`/api/admin/admins/${ownerId}`).send({ role: 'bookkeeper' }).expect(200);
    // Now `second` is the only owner left.
    await authed(stack, token).post(`/api/admin/admins/${second.id}/disable`).expect(409);
    await authed(stack, token).patch(`/api/admin/admins/${ownerId}`).send({ role: 'owner' }).expect(200);
  });

  it('lists and ends sessions: one at a time (own or, for an owner, anyone’s) and everywhere', async () => {
    const admin = await createAdmin(stack);
    const first = await signInEnrolling(stack, admin);
    const secondToken = await signInWithCode(stack, first.admin);
    const mine = await authed(stack, secondToken).get('/api/admin/account/sessions').expect(200);
    expect(mine.body).toHaveLength(2);
    expect(mine.body.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const other = mine.body.find((s: { current: boolean }) => !s.current);
    await authed(stack, secondToken).delete(`/api/admin/account/sessions/${other.id}`).expect(200);
    await authed(stack, first.token).get('/api/admin/me').expect(401);
    // Another admin's session is not "mine".
    const ownerSessions = await owner().get('/api/admin/account/sessions').expect(200);
    await authed(stack, secondToken).delete(`/api/admin/account/sessions/${ownerSessions.body[0].id}`).expect(404);

    const theirs = await owner().get(`/api/admin/admins/${admin.id}/sessions`).expect(200);
    expect(theirs.body).toEqual([
      expect.objectContaining({
        current: false,
        ip: '127.0.0.1',
        createdAt: expect.any(String),
        lastSeenAt: expect.any(String),
      }),
    ]);
    const third = await signInWithCode(stack, first.admin);
    const everywhere = await owner().post(`/api/admin/admins/${admin.id}/logout-everywhere`).expect(200);
    expect(everywhere.body).toEqual({ success: true, sessionsRevoked: 2 });
    await authed(stack, third).get('/api/admin/me').expect(401);
    await authed(stack, secondToken).get('/api/admin/me').expect(401);
  });

  it('an owner resets a lost two-factor device: sessions end and the admin enrols again', async () => {
    const admin = await createAdmin(stack);
    const { token } = await signInEnrolling(stack, admin);
    await owner().post(`/api/admin/admins/${admin.id}/reset-two-factor`).expect(200);
    await authed(stack, token).get('/api/admin/me').expect(401);
    const again = await api()
      .post('/api/admin/login')
      .send({ email: admin.email, password: admin.password })
      .expect(200);
    expect(again.body.next).toBe('enrol-two-factor');
  });

  it('refuses bad input with a message and writes nothing', async () => {
    const before = (await stack.db.query(`SELECT count(*)::int AS n FROM admins`))[0].n;
    for (const [body, message] of [
      [{ email: 'not-an-email', name: 'X', role: 'owner' }, 'email must be a valid e-mail address'],
      [{ email: 'x@example.org', name: '', role: 'owner' }, 'name is required'],
      [{ email: 'x@example.org', name: 'X', role: 'superuser' }, 'role must be one of owner, bookkeeper'],
    ] as const) {
      const res = await owner().post('/api/admin/admins').send(body).expect(400);
      expect(JSON.stringify(res.body.message)).toContain(message);
    }
    await owner().post('/api/admin/admins/not-a-uuid/disable').expect(404);
    await owner().delete(`/api/admin/admins/${ownerId}/sessions/not-a-uuid`).expect(400);
    expect((await stack.db.query(`SELECT count(*)::int AS n FROM admins`))[0].n).toBe(before);
  });

  it('a signed-in admin without the role sees 403, and so does a bookkeeper on donor deletion', async () => {
    const { token } = await signInEnrolling(stack, await createAdmin(stack, { role: 'bookkeeper' }));
    const res = await authed(stack, token).delete('/api/stripe/customer/cus_Anything1').expect(403);
    expect(res.body.message).toBe('Your role (bookkeeper) does not allow this. Ask an owner.');
  });
});
