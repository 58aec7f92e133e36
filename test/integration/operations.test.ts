import request from 'supertest';
import type Stripe from 'stripe';
import { DEFAULT_JOB_OPTIONS, JobName } from '../../core/src/queue/queue.constants.js';
import { authed, signIn } from '../helpers/admin.js';
import { buildEvent, fixture, stripeId, waitForProjection } from '../helpers/events.js';
import { openReplayTools, type ReplayTools } from '../helpers/replay.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * The admin Operations API over the real queue and inbox: a projection that really fails (a Postgres trigger
 * refuses the donor row), shown as a failed job and a failed event, then retried and replayed once the cause is gone.
 */
describe('admin operations: failed jobs, failed events, retry and replay', () => {
  let stack: Stack;
  let tools: ReplayTools;
  let token: string;
  const ops = () => authed(stack, token);

  beforeAll(async () => {
    stack = await startStack({ workers: 1 });
    tools = await openReplayTools(stack);
    ({ token } = await signIn(stack));
  });
  afterAll(async () => {
    await tools?.close();
    await stack?.stop();
  });

  /** An inbox row whose job has used its attempts (the relay leaves it alone), as the API would have stored it. */
  async function storeExhausted(event: Stripe.Event, error: string): Promise<void> {
    await stack.db.query(
      `INSERT INTO stripe_events (id, type, created, payload, received_at, attempts, last_error) VALUES ($1, $2, $3, $4, now() - interval '90 seconds', $5, $6)`,
      [event.id, event.type, event.created, JSON.stringify(event), DEFAULT_JOB_OPTIONS.attempts, error],
    );
  }

  async function refuseDonorsNamed(name: string | null): Promise<void> {
    if (name === null) {
      await stack.db.query(`DROP TRIGGER IF EXISTS refuse_donor ON donors; DROP FUNCTION IF EXISTS refuse_donor()`);
      return;
    }
    await stack.db.query(`CREATE FUNCTION refuse_donor() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.name = '${name}' THEN RAISE EXCEPTION 'donor refused by the test'; END IF; RETURN NEW; END $$`);
    await stack.db.query(
      `CREATE TRIGGER refuse_donor BEFORE INSERT OR UPDATE ON donors FOR EACH ROW EXECUTE FUNCTION refuse_donor()`,
    );
  }

  it('shows a failed job and its failed event, and retries the job once the cause is gone', async () => {
    const customer = fixture('customer', { id: stripeId('cus'), name: 'Will Fail' });
    const event = buildEvent('customer.created', customer);
    await storeExhausted(event, 'earlier failure');
    await refuseDonorsNamed('Will Fail');
    await tools.producer.add(
      JobName.ProjectStripeEvent,
      { eventId: event.id },
      { jobId: 'ops-test-job', attempts: 1 },
      5000,
    );
    let body: any;
    for (let i = 0; i < 100; i++) {
      body = (await ops().get('/api/admin/operations').expect(200)).body;
      if (body.failedJobs.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(body.failedJobs).toEqual([
      {
        queue: 'stripe-events',
        id: 'ops-test-job',
        name: 'project-stripe-event',
        eventId: event.id,
        attempts: 1,
        reason: expect.stringContaining('donor refused by the test'),
        failedAt: expect.any(String),
      },
    ]);
    expect(body.queues).toEqual(
      expect.arrayContaining([{ name: 'stripe-events', waiting: 0, active: 0, delayed: 0, failed: 1 }]),
    );
    expect(body.inbox).toMatchObject({ unprocessed: 1, failed: 1, rejected: 0 });
    expect(body.inbox.projectionLagSeconds).toBeGreaterThanOrEqual(90);
    expect(body.failedEvents).toEqual([
      {
        id: event.id,
        type: 'customer.created',
        attempts: DEFAULT_JOB_OPTIONS.attempts + 1,
        error: expect.stringContaining('donor refused by the test'),
        receivedAt: expect.any(String),
      },
    ]);

    await refuseDonorsNamed(null);
    expect((await ops().post('/api/admin/operations/jobs/stripe-events/ops-test-job/retry').expect(200)).body).toEqual({
      retried: true,
    });
    await waitForProjection(stack);
    expect(await stack.db.query(`SELECT name FROM donors WHERE id = $1`, [customer.id])).toEqual([
      { name: 'Will Fail' },
    ]);
    const after = (await ops().get('/api/admin/operations').expect(200)).body;
    expect(after.failedJobs).toEqual([]);
    expect(after.failedEvents).toEqual([]);
    expect(after.inbox).toMatchObject({ unprocessed: 0, projectionLagSeconds: 0, failed: 0 });
    const [audit] = await stack.db.query(
      `SELECT action, details FROM audit_log WHERE action = 'operations.job_retried'`,
    );
    expect(audit.details).toEqual({ queue: 'stripe-events', jobId: 'ops-test-job' });
  });

  it('replays one failed event, then all of them', async () => {
    const one = fixture('customer', { id: stripeId('cus'), name: 'Replayed One' });
    const two = fixture('customer', { id: stripeId('cus'), name: 'Replayed Two' });
    const three = fixture('customer', { id: stripeId('cus'), name: 'Replayed Three' });
    const events = [
      buildEvent('customer.created', one),
      buildEvent('customer.created', two),
      buildEvent('customer.created', three),
    ];
    for (const e of events) await storeExhausted(e, 'boom');
    expect(
      (await ops().get('/api/admin/operations').expect(200)).body.failedEvents.map((e: { id: string }) => e.id).sort(),
    ).toEqual(events.map((e) => e.id).sort());

    expect((await ops().post(`/api/admin/operations/events/${events[0].id}/replay`).expect(200)).body).toEqual({
      replayed: 1,
    });
    for (let i = 0; (await stack.db.query(`SELECT 1 FROM donors WHERE id = $1`, [one.id])).length === 0; i++) {
      if (i > 200) throw new Error('the replayed event was not projected');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await ops().get('/api/admin/operations').expect(200)).body.inbox.failed).toBe(2);
    expect((await ops().post('/api/admin/operations/events/replay-failed').expect(200)).body).toEqual({ replayed: 2 });
    await waitForProjection(stack);
    expect(
      (
        await stack.db.query(`SELECT name FROM donors WHERE id = ANY($1) ORDER BY name`, [[one.id, two.id, three.id]])
      ).map((r) => r.name),
    ).toEqual(['Replayed One', 'Replayed Three', 'Replayed Two']);
    expect((await ops().get('/api/admin/operations').expect(200)).body.failedEvents).toEqual([]);
  });

  it('refuses bad input with a message, unknown ids with 404, and everyone without a session', async () => {
    const bad = await ops().post('/api/admin/operations/jobs/nope/ops-test-job/retry').expect(400);
    expect(bad.body.message).toContain('queue must be one of stripe-events, mail');
    expect(
      (await ops().post('/api/admin/operations/jobs/stripe-events/a%20b/retry').expect(400)).body.message,
    ).toContain('jobId must be a job id');
    expect((await ops().post('/api/admin/operations/events/not-an-event/replay').expect(400)).body.message).toContain(
      'eventId must be a Stripe event id',
    );
    expect((await ops().post('/api/admin/operations/events/evt_unknown123/replay').expect(404)).body.message).toMatch(
      /^No event evt_unknown123 can be replayed/,
    );
    expect((await ops().post('/api/admin/operations/jobs/mail/no-such-job/retry').expect(404)).body.message).toMatch(
      /^No job no-such-job in the mail queue/,
    );
    await request(stack.apiUrl).get('/api/admin/operations').expect(401);
    await request(stack.apiUrl).post('/api/admin/operations/events/replay-failed').expect(401);
  });
});
