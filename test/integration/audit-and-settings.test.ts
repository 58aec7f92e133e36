import request from 'supertest';
import { authed, createAdmin, signIn } from '../helpers/admin.js';
import { buildEvent, fixture, postEvent, stripeId, waitForProjection } from '../helpers/events.js';
import { waitUntil } from '../helpers/faults.js';
import { startStack, type Stack } from '../helpers/stack.js';

describe('the audit log on screen, and the settings', () => {
  let stack: Stack;
  let owner: { token: string; id: string };
  let bookkeeper: { token: string; id: string };
  beforeAll(async () => {
    stack = await startStack({
      emulator: false,
      workers: 0,
      env: { STRIPE_API_BASE: 'http://127.0.0.1:9', INBOX_RETENTION_DAYS: '90' },
    });
    const o = await signIn(stack, await createAdmin(stack, { name: 'Olive Owner' }));
    const b = await signIn(stack, await createAdmin(stack, { name: 'Sam Books', role: 'bookkeeper' }));
    owner = { token: o.token, id: o.admin.id };
    bookkeeper = { token: b.token, id: b.admin.id };
  });
  afterAll(() => stack?.stop());

  it('shows the actions taken, newest first, with the right person, filtered and paginated in the database', async () => {
    await request(stack.apiUrl)
      .post('/api/admin/login')
      .send({ email: 'nobody@example.org', password: 'wrong-password' })
      .expect(401);
    await authed(stack, owner.token).patch('/api/admin/settings').send({ inboxRetentionDays: 45 }).expect(200);
    await authed(stack, bookkeeper.token).get('/api/admin/tax-exports/irs-receipts/2025').expect(200);

    const page = await authed(stack, bookkeeper.token).get('/api/admin/audit?pageSize=3').expect(200);
    expect(
      page.body.entries.map((e: { action: string; admin: { name: string } | null }) => [
        e.action,
        e.admin?.name ?? null,
      ]),
    ).toEqual([
      ['export.downloaded', 'Sam Books'],
      ['settings.changed', 'Olive Owner'],
      ['admin.login', null],
    ]);
    expect(page.body.entries[1].details).toEqual({ key: 'inbox.retention_days', from: 90, to: 45 });
    expect(page.body.entries[2]).toMatchObject({
      success: false,
      emailTried: 'nobody@example.org',
      ip: '127.0.0.1',
      actorKind: 'admin',
    });
    expect(page.body).toMatchObject({ page: 1, pageSize: 3, hasMore: true });

    const mine = await authed(stack, owner.token).get(`/api/admin/audit?adminId=${owner.id}`).expect(200);
    expect(new Set(mine.body.entries.map((e: { admin: { id: string } }) => e.admin.id))).toEqual(new Set([owner.id]));
    const logins = await authed(stack, owner.token).get('/api/admin/audit?action=admin.').expect(200);
    expect(logins.body.entries.every((e: { action: string }) => e.action.startsWith('admin.'))).toBe(true);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: stack.env.TIME_ZONE }).format(new Date());
    expect(
      (await authed(stack, owner.token).get(`/api/admin/audit?from=${today}&to=${today}`).expect(200)).body.entries
        .length,
    ).toBeGreaterThan(3);
    expect((await authed(stack, owner.token).get('/api/admin/audit?to=2000-01-01').expect(200)).body.entries).toEqual(
      [],
    );
    const filters = await authed(stack, owner.token).get('/api/admin/audit/filters').expect(200);
    expect(filters.body.actions).toEqual(
      expect.arrayContaining(['admin.login', 'settings.changed', 'export.downloaded']),
    );
    expect(filters.body.admins.map((a: { name: string }) => a.name)).toEqual(['Olive Owner', 'Sam Books']);

    // Donor self-service actions are shown with the donor.
    await stack.db.query(
      `INSERT INTO audit_log (action, actor_kind, donor_id) VALUES ('recurring.amount_changed', 'donor', 'cus_Self1')`,
    );
    const donor = await authed(stack, owner.token).get('/api/admin/audit?donorId=cus_Self1').expect(200);
    expect(donor.body.entries).toEqual([
      expect.objectContaining({ actorKind: 'donor', donorId: 'cus_Self1', admin: null }),
    ]);

    for (const bad of [
      'adminId=nope',
      'donorId=x',
      'action=DROP%20TABLE',
      'from=2026-13-01',
      'page=0',
      'pageSize=500',
    ]) {
      const res = await authed(stack, owner.token).get(`/api/admin/audit?${bad}`).expect(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it('exports the selection as CSV (audited), and no one can edit or delete an entry', async () => {
    const csv = await authed(stack, owner.token).get('/api/admin/audit/export?action=settings.changed').expect(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Time (UTC),Actor,Admin,Admin Email,Donor,Action,Outcome,Address,Browser,Email Typed,Details',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Olive Owner');
    const [last] = (await authed(stack, owner.token).get('/api/admin/audit?pageSize=1').expect(200)).body.entries;
    expect(last).toMatchObject({
      action: 'export.downloaded',
      details: { report: 'audit-log', filters: { action: 'settings.changed' } },
    });

    for (const method of ['put', 'patch', 'delete'] as const) {
      const res = await authed(stack, owner.token)[method](`/api/admin/audit/${last.id}`);
      expect([404, 405]).toContain(res.status);
    }
    await expect(stack.db.query(`UPDATE audit_log SET action = 'x' WHERE id = $1`, [last.id])).rejects.toThrow(
      'audit_log is append-only: UPDATE refused',
    );
    await expect(stack.db.query(`DELETE FROM audit_log`)).rejects.toThrow('audit_log is append-only: DELETE refused');
    await expect(stack.db.query(`TRUNCATE audit_log`)).rejects.toThrow('audit_log is append-only: TRUNCATE refused');
  });

  it('settings: shows where the retention comes from, refuses bad values, audits each change; bookkeepers cannot', async () => {
    const s = await authed(stack, owner.token).get('/api/admin/settings').expect(200);
    expect(s.body).toMatchObject({
      requireTwoFactor: { value: false },
      inboxRetentionDays: { value: 45, source: 'setting', environmentValue: 90, updatedBy: 'Olive Owner' },
      twoFactorAvailable: true,
    });
    for (const [body, message] of [
      [{ inboxRetentionDays: 0 }, 'inboxRetentionDays must be a whole number of days from 1 to 3650'],
      [{ inboxRetentionDays: 12.5 }, 'inboxRetentionDays must be a whole number of days from 1 to 3650'],
      [{ requireTwoFactor: 'yes' }, 'requireTwoFactor must be true or false'],
      [{ somethingElse: 1 }, 'property somethingElse should not exist'],
    ] as const) {
      const res = await authed(stack, owner.token).patch('/api/admin/settings').send(body).expect(400);
      expect(JSON.stringify(res.body.message)).toContain(message);
    }
    await authed(stack, bookkeeper.token).patch('/api/admin/settings').send({ requireTwoFactor: true }).expect(403);
    const on = await authed(stack, owner.token)
      .patch('/api/admin/settings')
      .send({ requireTwoFactor: true })
      .expect(200);
    expect(on.body.requireTwoFactor).toMatchObject({ value: true, updatedBy: 'Olive Owner' });
    const audit = await stack.db.query(`SELECT details FROM audit_log WHERE action = 'settings.changed' ORDER BY id`);
    expect(audit.map((r) => r.details)).toEqual([
      { key: 'inbox.retention_days', from: 90, to: 45 },
      { key: 'auth.require_two_factor', from: false, to: true },
    ]);
    // Now every admin without two-factor is taken through enrolment at their next sign-in.
    const next = await request(stack.apiUrl)
      .post('/api/admin/login')
      .send({ email: (await createAdmin(stack)).email, password: 'Correct-Horse-Battery-9' })
      .expect(200);
    expect(next.body.next).toBe('enrol-two-factor');
    await authed(stack, owner.token).patch('/api/admin/settings').send({ requireTwoFactor: false }).expect(200);
  });

  it('the worker prunes inbox payloads by the retention set on the Settings page, overriding INBOX_RETENTION_DAYS', async () => {
    await authed(stack, owner.token).patch('/api/admin/settings').send({ inboxRetentionDays: 30 }).expect(200);
    const id = stripeId('cus');
    const event = buildEvent(
      'customer.created',
      fixture('customer', { id, name: 'Ada Private', email: 'ada.private@example.org' }),
    );
    await stack.startWorker();
    await postEvent(stack, event).expect(200);
    await waitForProjection(stack, { minEvents: 1 });
    await stack.db.query(`UPDATE stripe_events SET processed_at = now() - interval '31 days' WHERE id = $1`, [
      event.id,
    ]);
    // Pruning runs when a worker starts (and hourly): 31 days is past the setting (30), within the variable (90).
    await stack.startWorker();
    await waitUntil(
      async () =>
        (await stack.db.query(`SELECT payload_pruned_at FROM stripe_events WHERE id = $1`, [event.id]))[0]
          .payload_pruned_at !== null,
      { timeoutMs: 20000 },
    );
    const [row] = await stack.db.query(`SELECT payload::text AS p FROM stripe_events WHERE id = $1`, [event.id]);
    expect(row.p).not.toContain('ada.private@example.org');
  });
});
