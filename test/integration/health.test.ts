import request from 'supertest';
import { authed, signIn } from '../helpers/admin.js';
import { startStack, type Stack } from '../helpers/stack.js';

describe('GET /api/health', () => {
  let stack: Stack;
  let token: string;
  beforeAll(async () => {
    stack = await startStack({ emulator: false, workers: 0 });
    ({ token } = await signIn(stack));
  });
  afterAll(() => stack.stop());

  it('answers the public up/down and whether projection keeps up only: 200 {status: ok, projection: ok}, no queue depths, failures or latencies', async () => {
    for (const auth of [undefined, 'Bearer not-a-session', `Bearer ${'x'.repeat(43)}`]) {
      const req = request(stack.apiUrl).get('/api/health');
      if (auth) req.set('Authorization', auth);
      const res = await req.expect(200);
      expect(res.body).toEqual({ status: 'ok', projection: 'ok' });
      expect(res.headers['x-request-id']).toMatch(/[\w-]{8,}/);
    }
  });

  it('gives a signed-in admin the details: database, Redis and queue counts', async () => {
    const res = await authed(stack, token).get('/api/health').expect(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.database).toMatchObject({ ok: true, unprocessedEvents: 0, projectionLagSeconds: 0 });
    expect(res.body.redis.ok).toBe(true);
    expect(res.body.queues['stripe-events']).toEqual({ depth: 0, waiting: 0, active: 0, delayed: 0, failed: 0 });
    expect(res.body.mail).toEqual({ queued: 0, sending: 0, failed: 0, oldestQueuedSeconds: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("reports projection lag (the oldest unprocessed event's age) and queue depth; `behind` publicly past 5 minutes, still 200", async () => {
    // No worker runs in this stack: stored events wait. One stored 10 minutes ago, one now.
    await stack.db.query(
      `INSERT INTO stripe_events (id, type, created, livemode, api_version, payload, received_at)
       VALUES ('evt_lag_old', 'customer.created', 1, false, null, '{}', now() - interval '10 minutes'),
              ('evt_lag_new', 'customer.created', 2, false, null, '{}', now())`,
    );
    try {
      const details = await authed(stack, token).get('/api/health').expect(200);
      expect(details.body.database.unprocessedEvents).toBe(2);
      expect(details.body.database.projectionLagSeconds).toBeGreaterThanOrEqual(600);
      expect(details.body.database.projectionLagSeconds).toBeLessThan(700);
      expect(details.body.projection).toBe('behind');
      expect((await request(stack.apiUrl).get('/api/health').expect(200)).body).toEqual({
        status: 'ok',
        projection: 'behind',
      });
    } finally {
      await stack.db.query(`DELETE FROM stripe_events WHERE id IN ('evt_lag_old', 'evt_lag_new')`);
    }
  });

  it('counts the donor mail that waits and that failed for good', async () => {
    await stack.db.query(
      `INSERT INTO outbound_mail (kind, subject_key, recipient, status, created_at) VALUES
         ('acknowledgment', 'manual:health-1', 'a@example.org', 'queued', now() - interval '90 seconds'),
         ('statement', 'cus_health:2026', 'b@example.org', 'failed', now())`,
    );
    try {
      const res = await authed(stack, token).get('/api/health').expect(200);
      expect(res.body.mail).toMatchObject({ queued: 1, sending: 0, failed: 1 });
      expect(res.body.mail.oldestQueuedSeconds).toBeGreaterThanOrEqual(90);
    } finally {
      await stack.db.query(`DELETE FROM outbound_mail WHERE subject_key IN ('manual:health-1', 'cus_health:2026')`);
    }
  });

  it('answers 503 when the database cannot be reached (the reason for an admin only)', async () => {
    // The session is checked before the database goes away; the report itself needs no session lookup.
    await stack.db.setReachable(false);
    try {
      const res = await request(stack.apiUrl).get('/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'degraded', projection: 'unknown' });
    } finally {
      await stack.db.setReachable(true);
    }
  });
});
