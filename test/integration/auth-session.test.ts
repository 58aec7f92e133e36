import { authed, signIn } from '../helpers/admin.js';
import { startStack, type Stack } from '../helpers/stack.js';

describe('admin session expiry', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      emulator: false,
      workers: 0,
      env: { SESSION_IDLE_MINUTES: '10', SESSION_ABSOLUTE_HOURS: '2' },
    });
  });
  afterAll(() => stack.stop());

  const session = async (adminId: string) =>
    (
      await stack.db.query(
        `SELECT idle_expires_at, absolute_expires_at, last_seen_at, created_at,
                extract(epoch FROM idle_expires_at - now()) AS idle_left, extract(epoch FROM absolute_expires_at - created_at) AS abs_len
           FROM admin_sessions WHERE admin_id = $1`,
        [adminId],
      )
    )[0];

  it('uses the configured idle (SESSION_IDLE_MINUTES) and absolute (SESSION_ABSOLUTE_HOURS) lifetimes', async () => {
    const { admin } = await signIn(stack);
    const s = await session(admin.id);
    expect(Number(s.idle_left)).toBeGreaterThan(9 * 60);
    expect(Number(s.idle_left)).toBeLessThanOrEqual(10 * 60);
    expect(Number(s.abs_len)).toBe(2 * 3600);
  });

  it('slides the idle expiry on each authenticated call', async () => {
    const { token, admin } = await signIn(stack);
    await stack.db.query(
      `UPDATE admin_sessions SET idle_expires_at = now() + interval '30 seconds', last_seen_at = now() - interval '9 minutes' WHERE admin_id = $1`,
      [admin.id],
    );
    await authed(stack, token).get('/api/admin/me').expect(200);
    const s = await session(admin.id);
    expect(Number(s.idle_left)).toBeGreaterThan(9 * 60);
    expect(Date.now() - new Date(s.last_seen_at).getTime()).toBeLessThan(60_000);
  });

  it('writes the slide at most every 30 seconds: a burst of calls reads the session without rewriting it', async () => {
    const { token, admin } = await signIn(stack);
    const version = async () =>
      (
        await stack.db.query(`SELECT xmin::text AS v, last_seen_at FROM admin_sessions WHERE admin_id = $1`, [admin.id])
      )[0];
    await authed(stack, token).get('/api/admin/me').expect(200);
    const before = await version();
    for (let i = 0; i < 3; i++) await authed(stack, token).get('/api/admin/me').expect(200);
    expect(await version()).toEqual(before);
    // 40 seconds later (the expiry moved back by the test), the next call slides it again.
    await stack.db.query(
      `UPDATE admin_sessions SET idle_expires_at = idle_expires_at - interval '40 seconds' WHERE admin_id = $1`,
      [admin.id],
    );
    const moved = await version();
    await authed(stack, token).get('/api/admin/me').expect(200);
    expect((await version()).v).not.toBe(moved.v);
  });

  it('refuses a token whose idle time has run out, and does not revive it', async () => {
    const { token, admin } = await signIn(stack);
    await stack.db.query(
      `UPDATE admin_sessions SET idle_expires_at = now() - interval '1 second' WHERE admin_id = $1`,
      [admin.id],
    );
    await authed(stack, token).get('/api/admin/me').expect(401);
    const s = await session(admin.id);
    expect(Number(s.idle_left)).toBeLessThan(0);
    await authed(stack, token).get('/api/admin/me').expect(401);
  });

  it('never slides past the absolute expiry, and refuses the token once that has passed', async () => {
    const { token, admin } = await signIn(stack);
    await stack.db.query(
      `UPDATE admin_sessions SET absolute_expires_at = now() + interval '3 minutes' WHERE admin_id = $1`,
      [admin.id],
    );
    await authed(stack, token).get('/api/admin/me').expect(200);
    const s = await session(admin.id);
    expect(new Date(s.idle_expires_at).getTime()).toBe(new Date(s.absolute_expires_at).getTime());

    await stack.db.query(
      `UPDATE admin_sessions SET absolute_expires_at = now() - interval '1 second', idle_expires_at = now() + interval '5 minutes' WHERE admin_id = $1`,
      [admin.id],
    );
    await authed(stack, token).get('/api/admin/me').expect(401);
  });

  it('drops sessions dead for over 30 days at the next sign-in, keeping recent ones', async () => {
    const { admin } = await signIn(stack);
    await stack.db.query(
      `UPDATE admin_sessions SET idle_expires_at = now() - interval '31 days', created_at = now() - interval '31 days' WHERE admin_id = $1`,
      [admin.id],
    );
    await signIn(stack, admin);
    await signIn(stack, admin);
    const rows = await stack.db.query(`SELECT 1 FROM admin_sessions WHERE admin_id = $1`, [admin.id]);
    expect(rows).toHaveLength(2);
  });

  it('refuses a token issued before the admin last changed password, even if it was never revoked', async () => {
    const { token, admin } = await signIn(stack);
    await authed(stack, token).get('/api/admin/me').expect(200);
    await stack.db.query(`UPDATE admins SET password_changed_at = clock_timestamp() WHERE id = $1`, [admin.id]);
    await authed(stack, token).get('/api/admin/me').expect(401);
  });
});
