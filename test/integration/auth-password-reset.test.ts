import { createHash } from 'node:crypto';
import request from 'supertest';
import { createMailTransport } from '../../core/src/mail/mail.transport.js';
import { authed, createAdmin, signIn } from '../helpers/admin.js';
import { decodeQuotedPrintable, startSmtpCatcher } from '../helpers/smtp-catcher.js';
import { QueueName } from '../../core/src/queue/queue.constants.js';
import { queueDrained } from '../helpers/passes.js';
import { startStack, type Stack } from '../helpers/stack.js';

const RESET_MESSAGE = 'If an account exists for that e-mail, a reset link has been sent.';
const NEW_PASSWORD = 'Lantern-Orchard-Gravel-77';

/** The reset link of a raw message (quoted-printable soft breaks and escapes undone). */
function resetLink(raw: string): string {
  const decoded = decodeQuotedPrintable(raw);
  const m = /(https?:\/\/\S+?\/reset-password\?token=[A-Za-z0-9_-]{43})/.exec(decoded);
  if (!m) throw new Error(`no reset link in:\n${decoded}`);
  return m[1];
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('password reset by e-mailed link (real SMTP, real worker)', () => {
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

  const api = () => request(stack.apiUrl);
  const requestReset = (email: string) => api().post('/api/admin/password-reset/request').send({ email });
  const confirm = (token: unknown, newPassword: unknown) =>
    api().post('/api/admin/password-reset/confirm').send({ token, newPassword });

  /** Asks for a reset and follows the link of the n-th mail that arrives for that admin. */
  const mailedToken = async (email: string) => {
    const before = smtp.mails.filter((m) => m.to.includes(email)).length;
    await requestReset(email).expect(200);
    const mails = await smtp.waitFor(email, before + 1);
    return tokenOf(resetLink(mails[before].raw));
  };

  it('e-mails a single-use link; following it sets the new password and revokes every session (no session fixation)', async () => {
    const { token: oldSession, admin } = await signIn(stack);
    const second = (await signIn(stack, admin)).token;

    const res = await requestReset(admin.email.toUpperCase()).expect(200);
    expect(res.body).toEqual({ message: RESET_MESSAGE });

    const [mail] = await smtp.waitFor(admin.email);
    expect(mail.raw).toMatch(/^Subject: Reset your admin password/m);
    expect(mail.raw).toMatch(/^From: .*no-reply@hillsidelearning\.org/m);
    const link = resetLink(mail.raw);
    expect(link.startsWith(`${stack.env.PUBLIC_URL}/reset-password?token=`)).toBe(true);
    const token = tokenOf(link);

    const [row] = await stack.db.query(
      `SELECT encode(token_hash, 'hex') AS h, extract(epoch FROM expires_at - created_at) AS ttl, used_at FROM password_reset_tokens WHERE admin_id = $1`,
      [admin.id],
    );
    expect(row.h).toBe(createHash('sha256').update(token, 'utf8').digest('hex'));
    expect(Number(row.ttl)).toBe(3600);
    expect(row.used_at).toBeNull();

    const ok = await confirm(token, NEW_PASSWORD).expect(200);
    expect(ok.body).toEqual({ message: 'Password has been reset' });

    await authed(stack, oldSession).get('/api/admin/me').expect(401);
    await authed(stack, second).get('/api/admin/me').expect(401);
    const live = await stack.db.query(`SELECT 1 FROM admin_sessions WHERE admin_id = $1 AND revoked_at IS NULL`, [
      admin.id,
    ]);
    expect(live).toHaveLength(0);

    await api().post('/api/admin/login').send({ email: admin.email, password: admin.password }).expect(401);
    const login = await api().post('/api/admin/login').send({ email: admin.email, password: NEW_PASSWORD }).expect(200);
    await authed(stack, login.body.sessionToken).get('/api/admin/me').expect(200);

    const again = await confirm(token, 'Another-Fine-Passphrase-5').expect(400);
    expect(again.body.error).toMatch(/already been used/);
    expect(again.body.message).toBe(again.body.error);

    const audit = await stack.db.query(
      `SELECT action, success, details FROM audit_log WHERE admin_id = $1 AND action LIKE 'admin.password_reset.%' ORDER BY id`,
      [admin.id],
    );
    expect(audit).toEqual([
      { action: 'admin.password_reset.requested', success: true, details: {} },
      { action: 'admin.password_reset.completed', success: true, details: { sessionsRevoked: 2 } },
      { action: 'admin.password_reset.completed', success: false, details: { reason: 'used_token' } },
    ]);
  });

  it('answers an unknown e-mail exactly like a known one and sends nothing', async () => {
    const admin = await createAdmin(stack);
    const unknown = await requestReset('nobody-here@example.org').expect(200);
    const known = await requestReset(admin.email).expect(200);
    expect(unknown.body).toEqual(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    await smtp.waitFor(admin.email);
    // The mail queue has run everything the two requests added: a message for the unknown one would be here.
    await queueDrained(stack, QueueName.Mail);
    expect(smtp.mails.filter((m) => m.to.includes('nobody-here@example.org'))).toHaveLength(0);
    const [row] = await stack.db.query(
      `SELECT admin_id, success, details FROM audit_log WHERE action = 'admin.password_reset.requested' AND email_tried = 'nobody-here@example.org'`,
    );
    expect(row).toEqual({ admin_id: null, success: false, details: { reason: 'unknown_email' } });
  });

  it('answers a known and an unknown e-mail alike before looking either up, so time cannot tell them apart', async () => {
    const admin = await createAdmin(stack);
    // While the admins table is locked any lookup waits; both answers must still come, so neither waited for one.
    const locker = await stack.db.pool.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE admins IN ACCESS EXCLUSIVE MODE');
      const known = await requestReset(admin.email).set('X-Forwarded-For', '192.0.2.1').timeout(5000).expect(200);
      const unknown = await requestReset('ghost-locked@example.org')
        .set('X-Forwarded-For', '192.0.2.101')
        .timeout(5000)
        .expect(200);
      expect(unknown.body).toEqual(known.body);
      expect(smtp.mails.filter((m) => m.to.includes(admin.email))).toHaveLength(0);
    } finally {
      await locker.query('COMMIT');
      locker.release();
    }
    // The lookup ran after the answers: the known admin's mail arrives once the table is free again.
    await smtp.waitFor(admin.email);
  });

  it('answers before touching the database: the same 200 even while Postgres is unreachable', async () => {
    const admin = await createAdmin(stack);
    await stack.db.setReachable(false);
    try {
      const res = await requestReset(admin.email).set('X-Forwarded-For', '192.0.2.200').expect(200);
      expect(res.body).toEqual({ message: RESET_MESSAGE });
    } finally {
      await stack.db.setReachable(true);
    }
  });

  it('refuses short, long and weak passwords with a reason, and keeps the link usable', async () => {
    const admin = await createAdmin(stack, { name: 'Marguerite Fontaine' });
    const token = await mailedToken(admin.email);
    expect((await confirm(token, 'Ab1!xyz').expect(400)).body.error).toBe(
      'Password must be at least 8 characters long',
    );
    expect((await confirm(token, 'x'.repeat(257)).expect(400)).body.error).toBe(
      'Password must be at most 256 characters long',
    );
    const weak = await confirm(token, 'password123').expect(400);
    expect(weak.body.error).toMatch(/^Password is too weak: .*commonly used password/);
    const personal = await confirm(token, 'MargueriteFontaine').expect(400);
    expect(personal.body.error).toMatch(/too weak/);
    await confirm(token, NEW_PASSWORD).expect(200);
    const reasons = await stack.db.query(
      `SELECT details->>'reason' AS r FROM audit_log WHERE admin_id = $1 AND action = 'admin.password_reset.completed' AND success = false`,
      [admin.id],
    );
    expect(reasons.map((x) => x.r)).toEqual(['weak_password', 'weak_password', 'weak_password', 'weak_password']);
  });

  it('refuses an expired link, and one replaced by a newer request', async () => {
    const admin = await createAdmin(stack);
    const first = await mailedToken(admin.email);
    const second = await mailedToken(admin.email);
    expect((await confirm(first, NEW_PASSWORD).expect(400)).body.error).toMatch(/replaced by a newer one/);
    await stack.db.query(
      `UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [createHash('sha256').update(second).digest()],
    );
    expect((await confirm(second, NEW_PASSWORD).expect(400)).body.error).toMatch(/expired/);
    await api().post('/api/admin/login').send({ email: admin.email, password: admin.password }).expect(200);
  });

  it('refuses a missing, malformed or unknown token with 400 {error}', async () => {
    const missing = await api()
      .post('/api/admin/password-reset/confirm')
      .send({ newPassword: NEW_PASSWORD })
      .expect(400);
    expect(missing.body.error).toMatch(/token/);
    const noPassword = await api()
      .post('/api/admin/password-reset/confirm')
      .send({ token: 'x'.repeat(43) })
      .expect(400);
    expect(noPassword.body.error).toMatch(/newPassword/);
    expect((await confirm('short', NEW_PASSWORD).expect(400)).body.error).toBe('Invalid reset token');
    expect((await confirm('A'.repeat(43), NEW_PASSWORD).expect(400)).body.error).toBe('Invalid reset token');
    expect((await confirm(12345, NEW_PASSWORD).expect(400)).body.error).toMatch(/token/);
    const noEmail = await api().post('/api/admin/password-reset/request').send({}).expect(400);
    expect(noEmail.body.message).toMatch(/email/);
  });
});

describe('the mail transport', () => {
  const message = { to: 'a@example.org', subject: 'Reset', text: 'Open http://x/reset-password?token=abc' };

  it('sends nothing without SMTP_URL (development and tests; production refuses to start), demo mode or not', async () => {
    const transport = createMailTransport({ MAIL_FROM: 'School <s@example.org>' });
    expect(transport.kind).toBe('none');
    await expect(transport.send(message)).resolves.toBeUndefined();
  });

  it('uses SMTP when SMTP_URL is set, and a failed send throws (so the job is retried)', async () => {
    const transport = createMailTransport({ MAIL_FROM: 'S <s@example.org>', SMTP_URL: 'smtp://127.0.0.1:1' });
    expect(transport.kind).toBe('smtp');
    await expect(transport.send(message)).rejects.toThrow();
    transport.close();
  });
});
