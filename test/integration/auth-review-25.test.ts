import request from 'supertest';
import { newToken } from '../../core/src/tokens/opaque-token.js';
import { authed, createAdmin, signIn } from '../helpers/admin.js';
import { Authenticator, signInEnrolling } from '../helpers/authenticator.js';
import { decodeQuotedPrintable, startSmtpCatcher } from '../helpers/smtp-catcher.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * Issue 25's second security review, items 5, 7 and 8, through real HTTP, Postgres, Redis, a worker and an SMTP
 * receiver: the public link forms are throttled and a flood of made-up tokens is one audit row; sign-in takes
 * only an e-mail in its e-mail box; a reset never reaches an invited or disabled admin; two-factor is re-enrolled
 * only with the password or a current code, and then the other sessions end and the admin is told.
 */
describe('second security review: public link forms, sign-in e-mail, resets, two-factor re-enrolment', () => {
  let stack: Stack;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    stack = await startStack({
      emulator: false,
      workers: 1,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, TRUST_PROXY: '1' },
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await smtp?.close();
  });

  const from = (ip: string) => ({
    post: (path: string) =>
      request(stack.apiUrl)
        .post(path)
        .set('X-Forwarded-For', ip)
        .set('User-Agent', `guesser/1.0 ${'x'.repeat(400)}`),
  });
  const auditRows = (action: string, ip: string) =>
    stack.db.query<{ repeats: number; success: boolean; details: { reason?: string } }>(
      `SELECT repeats, success, details FROM audit_log WHERE action = $1 AND ip = $2 ORDER BY id`,
      [action, ip],
    );

  it.each([
    ['/api/admin/invite/accept', 'admin.invite_accepted', '198.51.100.7'],
    ['/api/admin/password-reset/confirm', 'admin.password_reset.completed', '198.51.100.8'],
  ])(
    '%s: 60 made-up tokens from one address: 20 refused with 400, the rest 429, and one audit row counting 20',
    async (path, action, ip) => {
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) {
        const res = await from(ip).post(path).send({ token: newToken(), newPassword: 'Lantern-Orchard-Gravel-77' });
        statuses.push(res.status);
        if (res.status === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(statuses.filter((s) => s === 400)).toHaveLength(20);
      expect(statuses.filter((s) => s === 429)).toHaveLength(40);
      expect(await auditRows(action, ip)).toEqual([
        { repeats: 20, success: false, details: { reason: 'unknown_token' } },
      ]);
      // Another address is not held back by the first one's refusals.
      expect(
        (await from('198.51.100.99').post(path).send({ token: newToken(), newPassword: 'Lantern-Orchard-Gravel-77' }))
          .status,
      ).toBe(400);
    },
  );

  it('the audit log still refuses every other change of a refused entry', async () => {
    const [row] = await stack.db.query<{ id: string }>(
      `SELECT id FROM audit_log WHERE success = false ORDER BY id LIMIT 1`,
    );
    await expect(
      stack.db.query(`UPDATE audit_log SET repeats = repeats + 1, details = '{}'::jsonb WHERE id = $1`, [row.id]),
    ).rejects.toThrow('append-only');
    await expect(stack.db.query(`UPDATE audit_log SET repeats = 1 WHERE id = $1`, [row.id])).rejects.toThrow(
      'append-only',
    );
  });

  it('sign-in refuses text that is not an e-mail address in the e-mail box (400), and stores none of it', async () => {
    const admin = await createAdmin(stack);
    const before = await stack.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log`);
    const res = await request(stack.apiUrl)
      .post('/api/admin/login')
      .send({ email: admin.password, password: admin.password })
      .expect(400);
    expect(res.body.message).toBe('email: Enter your e-mail address (like name@example.org)');
    const reset = await request(stack.apiUrl)
      .post('/api/admin/password-reset/request')
      .send({ email: admin.password })
      .expect(400);
    expect(reset.body.message).toBe('email: Enter your e-mail address (like name@example.org)');
    expect(await stack.db.query(`SELECT count(*)::int AS n FROM audit_log`)).toEqual(before);
    expect(await stack.db.query(`SELECT 1 FROM audit_log WHERE email_tried = $1`, [admin.password])).toHaveLength(0);
    // A real address with spaces around it still signs in.
    await request(stack.apiUrl)
      .post('/api/admin/login')
      .send({ email: ` ${admin.email} `, password: admin.password })
      .expect(200);
  });

  it('sends a reset link only to an admin with a password who is not disabled (never to an invitation, expired or not)', async () => {
    const { token: ownerToken } = await signIn(stack);
    const invited = 'pending.invitee@example.org';
    await authed(stack, ownerToken)
      .post('/api/admin/admins')
      .send({ email: invited, name: 'Pending Invitee', role: 'bookkeeper' })
      .expect(201);
    await smtp.waitFor(invited);
    // The invitation expires unaccepted.
    await stack.db.query(
      `UPDATE password_reset_tokens SET expires_at = now() - interval '1 minute' WHERE admin_id = (SELECT id FROM admins WHERE email = $1)`,
      [invited],
    );
    const disabled = await createAdmin(stack);
    await stack.db.query(`UPDATE admins SET disabled_at = now() WHERE id = $1`, [disabled.id]);
    const active = await createAdmin(stack);

    for (const email of [invited, disabled.email, active.email]) {
      await from('192.0.2.50').post('/api/admin/password-reset/request').send({ email }).expect(200);
    }
    const [mail] = await smtp.waitFor(active.email);
    expect(mail.raw).toMatch(/^Subject: Reset your admin password/m);
    const rows = await stack.db.query<{ email_tried: string; success: boolean; details: { reason?: string } }>(
      `SELECT email_tried, success, details FROM audit_log WHERE action = 'admin.password_reset.requested' AND ip = '192.0.2.50' ORDER BY id`,
    );
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(
      expect.arrayContaining([
        { email_tried: invited, success: false, details: { reason: 'invited' } },
        { email_tried: disabled.email, success: false, details: { reason: 'disabled' } },
        { email_tried: active.email, success: true, details: {} },
      ]),
    );
    expect(smtp.mails.filter((m) => m.to.includes(invited))).toHaveLength(1); // the invitation only
    expect(smtp.mails.filter((m) => m.to.includes(disabled.email))).toHaveLength(0);
  });

  it('re-enrols two-factor only with the password or a current code; then ends the other sessions and e-mails the admin', async () => {
    await stack.db.query(`UPDATE settings SET value = 'true' WHERE key = 'auth.require_two_factor'`);
    try {
      const { token, admin } = await signInEnrolling(stack, await createAdmin(stack, { name: 'Tess Factor' }));
      const other = (
        await request(stack.apiUrl)
          .post('/api/admin/login')
          .send({ email: admin.email, password: admin.password })
          .expect(200)
      ).body;
      const otherSession = (
        await request(stack.apiUrl)
          .post('/api/admin/login/two-factor')
          .send({ challengeToken: other.challengeToken, code: await admin.app.nextCode() })
          .expect(200)
      ).body.sessionToken;
      const me = authed(stack, token);
      const secretBefore = await stack.db.query(`SELECT totp_secret, totp_pending_secret FROM admins WHERE id = $1`, [
        admin.id,
      ]);

      // A session token alone (a stolen one) cannot start it.
      const bare = await me.post('/api/admin/account/two-factor/setup').send({}).expect(400);
      expect(bare.body.message).toBe(
        'Enter your password (or a code from your authenticator app) to set up two-factor sign-in.',
      );
      const wrong = await me
        .post('/api/admin/account/two-factor/setup')
        .send({ password: 'Not-The-Password-1' })
        .expect(400);
      expect(wrong.body.message).toBe('That password is not right. Enter the password you sign in with.');
      await me
        .post('/api/admin/account/two-factor/setup')
        .send({ code: '000000' === admin.app.codeNow() ? '111111' : '000000' })
        .expect(400);
      expect(
        await stack.db.query(`SELECT totp_secret, totp_pending_secret FROM admins WHERE id = $1`, [admin.id]),
      ).toEqual(secretBefore);
      // Confirming with no set-up started is refused (a code of the app's, without spending a time step on it).
      await me.post('/api/admin/account/two-factor/confirm').send({ code: admin.app.codeNow() }).expect(400);

      // With a current code it starts; the code confirming the new secret replaces it.
      const setup = await me
        .post('/api/admin/account/two-factor/setup')
        .send({ code: await admin.app.nextCode() })
        .expect(200);
      const phone = new Authenticator(setup.body.secret);
      const done = await me
        .post('/api/admin/account/two-factor/confirm')
        .send({ code: await phone.nextCode() })
        .expect(200);
      expect(done.body.recoveryCodes).toHaveLength(10);

      await authed(stack, otherSession).get('/api/admin/me').expect(401);
      await me.get('/api/admin/me').expect(200);
      const [mail] = await smtp.waitFor(admin.email);
      expect(mail.raw).toMatch(/^Subject: Two-factor sign-in was set up again/m);
      expect(decodeQuotedPrintable(mail.raw)).toContain('If this was not you, reset your password now');

      // The password works as the proof too.
      await me.post('/api/admin/account/two-factor/setup').send({ password: admin.password }).expect(200);
    } finally {
      await stack.db.query(`UPDATE settings SET value = 'false' WHERE key = 'auth.require_two_factor'`);
    }
  }, 150_000); // the authenticator waits for a fresh 30 s time step (each step is accepted once), as a person would
});
