import request from 'supertest';
import { buildEvent, fixture, postEvent, signedWebhook, stripeId, waitForProjection } from '../helpers/events.js';
import { waitUntil } from '../helpers/faults.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { StripeEventInboxRepository } from '../../api/src/webhooks/stripe-event-inbox.repository.js';
import { JobProducer } from '../../core/src/queue/job.producer.js';
import { JobName } from '../../core/src/queue/queue.constants.js';

/** POST /api/stripe/webhook: verify -> inbox -> enqueue -> 200, on signed events built from Stripe's fixtures. */
describe('Stripe webhook ingest', () => {
  let stack: Stack;
  beforeAll(async () => {
    // No emulator: events are built and signed here. STRIPE_API_BASE points at a closed port so any look-up fails fast.
    stack = await startStack({ emulator: false, env: { STRIPE_API_BASE: 'http://127.0.0.1:9' } });
  });
  afterAll(() => stack.stop());

  const inboxCount = async () =>
    (await stack.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM stripe_events`))[0].n;

  it('stores, acknowledges and projects a signed event', async () => {
    const customer = fixture('customer', { id: stripeId('cus'), name: 'Ada Lovelace', email: 'ada@example.org' });
    const event = buildEvent('customer.created', customer);
    const res = await postEvent(stack, event);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, duplicate: false });
    await waitForProjection(stack);
    const [row] = await stack.db.query(`SELECT * FROM stripe_events WHERE id = $1`, [event.id]);
    expect(row).toMatchObject({ type: 'customer.created', attempts: 1, last_error: null, ignored: false });
    // The columns the inbox reads out of the stored payload itself.
    expect(row).toMatchObject({
      created: String(event.created),
      livemode: event.livemode,
      api_version: event.api_version,
      rejected_reason: null,
    });
    expect(row.payload).toEqual(event);
    expect(row.processed_at).not.toBeNull();
    expect(row.enqueued_at).not.toBeNull();
    expect(await stack.db.query(`SELECT name, email FROM donors WHERE id = $1`, [customer.id])).toEqual([
      { name: 'Ada Lovelace', email: 'ada@example.org' },
    ]);
  });

  it('answers a duplicate delivery 200 and changes nothing', async () => {
    const customer = fixture('customer', { id: stripeId('cus'), name: 'Grace Hopper' });
    const event = buildEvent('customer.created', customer);
    await postEvent(stack, event).expect(200);
    await waitForProjection(stack);
    const before = await stack.db.query(`SELECT * FROM donors WHERE id = $1`, [customer.id]);
    const inboxBefore = await stack.db.query(`SELECT * FROM stripe_events WHERE id = $1`, [event.id]);
    const res = await postEvent(stack, event);
    expect(res.status).toBe(200);
    expect(res.body.duplicate).toBe(true);
    await waitForProjection(stack);
    expect(await stack.db.query(`SELECT * FROM donors WHERE id = $1`, [customer.id])).toEqual(before);
    expect(await stack.db.query(`SELECT * FROM stripe_events WHERE id = $1`, [event.id])).toEqual(inboxBefore);
  });

  it('records an unknown event type as processed and ignored', async () => {
    const event = buildEvent('plan.created', fixture('plan'));
    await postEvent(stack, event).expect(200);
    await waitForProjection(stack);
    const [row] = await stack.db.query(`SELECT ignored, processed_at FROM stripe_events WHERE id = $1`, [event.id]);
    expect(row.ignored).toBe(true);
    expect(row.processed_at).not.toBeNull();
  });

  it('rejects a bad signature, a missing signature, a non-event and an oversized body with 400, storing nothing', async () => {
    const before = await inboxCount();
    const event = buildEvent('customer.created', fixture('customer', { id: stripeId('cus') }));

    const wrongSecret = await postEvent(stack, event, 'whsec_not_the_right_one');
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body.message).toBe('Invalid Stripe signature');

    const { body, signature } = signedWebhook(event);
    const tampered = await request(stack.apiUrl)
      .post('/api/stripe/webhook')
      .set('Stripe-Signature', signature)
      .send(body.replace('"customer.created"', '"customer.deleted"'));
    expect(tampered.status).toBe(400);

    const missing = await request(stack.apiUrl)
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .send(body);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Missing Stripe-Signature header');

    const notEvent = await postEvent(stack, { hello: 'world' });
    expect(notEvent.status).toBe(400);
    expect(notEvent.body.message).toBe('Body is not a Stripe event');

    const notJson = await postEvent(stack, 'this is not json');
    expect(notJson.status).toBe(400);

    const big = buildEvent(
      'customer.created',
      fixture('customer', { id: stripeId('cus'), description: 'x'.repeat(1024 * 1024 + 10) }),
    );
    const oversized = await postEvent(stack, big);
    expect(oversized.status).toBe(400);
    expect(oversized.body.message).toMatch(/too large/i);

    expect(await inboxCount()).toBe(before);
  });

  it('stores deliveries that arrive together, acknowledging each once its row is stored, one row per event', async () => {
    const before = await inboxCount();
    const events = Array.from({ length: 30 }, () =>
      buildEvent('customer.created', fixture('customer', { id: stripeId('cus') })),
    );
    const repeated = buildEvent('customer.created', fixture('customer', { id: stripeId('cus') }));
    const answers = await Promise.all([...events, ...Array(5).fill(repeated)].map((e) => postEvent(stack, e)));
    expect(answers.map((r) => r.status)).toEqual(Array(35).fill(200));
    expect(answers.slice(0, 30).every((r) => r.body.duplicate === false)).toBe(true);
    // Five simultaneous copies of one event: exactly one of them stored it.
    expect(answers.slice(30).filter((r) => r.body.duplicate === false)).toHaveLength(1);
    expect(await inboxCount()).toBe(before + 31);
    await waitForProjection(stack);
    expect(
      (
        await stack.db.query(`SELECT count(*)::int AS n FROM donors WHERE id = ANY($1)`, [
          [...events, repeated].map((e) => (e.data.object as { id: string }).id),
        ])
      )[0].n,
    ).toBe(31);
  });

  /**
   * Delivers `events` so that one statement stores them all: a table lock holds the inbox's two statements in
   * flight while the deliveries pile up behind them, then lets go.
   */
  async function deliverTogether(events: object[]): Promise<request.Response[]> {
    const inbox = stack.api.get(StripeEventInboxRepository);
    const early = Array.from({ length: 2 }, () =>
      buildEvent('customer.created', fixture('customer', { id: stripeId('cus') })),
    );
    const locker = await stack.db.pool.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE stripe_events IN SHARE MODE');
      const first = early.map((e) => postEvent(stack, e).then((r) => r));
      await waitUntil(async () => inbox.batching.inFlight === 2, { timeoutMs: 10_000 });
      const rest = events.map((e) => postEvent(stack, e).then((r) => r));
      await waitUntil(async () => inbox.batching.waiting === events.length, { timeoutMs: 10_000 });
      await locker.query('COMMIT');
      expect((await Promise.all(first)).map((r) => r.status)).toEqual([200, 200]);
      return await Promise.all(rest);
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      locker.release();
    }
  }

  it('an event Postgres refuses does not take the events stored with it down too', async () => {
    const before = await inboxCount();
    const good = Array.from({ length: 12 }, () =>
      buildEvent('customer.created', fixture('customer', { id: stripeId('cus') })),
    );
    // Signed and well formed, but its timestamp does not fit a bigint: the statement that carries it fails.
    const poison = { ...buildEvent('customer.created', fixture('customer', { id: stripeId('cus') })), created: 1e20 };
    const answers = await deliverTogether([...good.slice(0, 6), poison, ...good.slice(6)]);
    expect(answers.map((r) => r.status)).toEqual([...Array(6).fill(200), 503, ...Array(6).fill(200)]);
    expect(await inboxCount()).toBe(before + 14);
    expect(await stack.db.query(`SELECT 1 FROM stripe_events WHERE id = $1`, [poison.id])).toEqual([]);
  });

  it('events stored together are projected together; one the projection refuses goes on alone and projects once it can', async () => {
    const events = Array.from({ length: 8 }, (_, i) =>
      buildEvent(
        'customer.created',
        fixture('customer', { id: stripeId('cus'), name: i === 3 ? 'Refused Once' : `Together ${i}` }),
      ),
    );
    await stack.db.query(`CREATE FUNCTION refuse_donor() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.name = 'Refused Once' THEN RAISE EXCEPTION 'donor refused by the test'; END IF; RETURN NEW; END $$`);
    await stack.db.query(
      `CREATE TRIGGER refuse_donor BEFORE INSERT OR UPDATE ON donors FOR EACH ROW EXECUTE FUNCTION refuse_donor()`,
    );
    try {
      expect((await deliverTogether(events)).map((r) => r.status)).toEqual(Array(8).fill(200));
      const refused = events[3].id;
      const others = events.filter((e) => e.id !== refused).map((e) => e.id);
      await waitUntil(
        async () =>
          (
            await stack.db.query(`SELECT 1 FROM stripe_events WHERE id = ANY($1) AND processed_at IS NOT NULL`, [
              others,
            ])
          ).length === 7,
        { timeoutMs: 15_000 },
      );
      // The refused event has a job of its own, under its id, retried with backoff; its row says why.
      await waitUntil(
        async () => (await stack.api.get(JobProducer).getJob(JobName.ProjectStripeEvent, refused)) !== undefined,
        { timeoutMs: 15_000 },
      );
      const [row] = await stack.db.query(`SELECT processed_at, attempts, last_error FROM stripe_events WHERE id = $1`, [
        refused,
      ]);
      expect(row.processed_at).toBeNull();
      expect(row.attempts).toBeGreaterThanOrEqual(1);
      expect(row.last_error).toContain('donor refused by the test');
    } finally {
      await stack.db.query(`DROP TRIGGER IF EXISTS refuse_donor ON donors; DROP FUNCTION IF EXISTS refuse_donor()`);
    }
    await waitUntil(
      async () => (await stack.db.query(`SELECT 1 FROM donors WHERE name = 'Refused Once'`)).length === 1,
      { timeoutMs: 30_000 },
    );
    expect(
      (
        await stack.db.query(`SELECT count(*)::int AS n FROM donors WHERE id = ANY($1)`, [
          events.map((e) => (e.data.object as { id: string }).id),
        ])
      )[0].n,
    ).toBe(8);
  });

  it('copies of one event stored by one statement: one row, and only one copy is told it stored it', async () => {
    const before = await inboxCount();
    const copied = buildEvent('customer.created', fixture('customer', { id: stripeId('cus') }));
    const other = buildEvent('customer.created', fixture('customer', { id: stripeId('cus') }));
    const answers = await deliverTogether([copied, other, copied, copied]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(answers[1].body.duplicate).toBe(false);
    // Whichever copy reached the server first stored the row (arrival order across connections is not fixed).
    expect([answers[0], answers[2], answers[3]].map((r) => r.body.duplicate).sort()).toEqual([false, true, true]);
    expect(await inboxCount()).toBe(before + 4);
  });

  it('stores an event whose text carries a NUL character (Postgres cannot hold one) without it, instead of refusing it forever', async () => {
    const customer = fixture('customer', {
      id: stripeId('cus'),
      name: 'Ada\u0000 Lovelace',
      description: 'path C:\\u0000 stays',
    });
    const event = buildEvent('customer.created', customer);
    const res = await postEvent(stack, event);
    expect(res.status).toBe(200);
    await waitForProjection(stack);
    const [row] = await stack.db.query(
      `SELECT payload->'data'->'object'->>'name' AS name, payload->'data'->'object'->>'description' AS description FROM stripe_events WHERE id = $1`,
      [event.id],
    );
    expect(row).toEqual({ name: 'Ada Lovelace', description: 'path C:\\u0000 stays' });
    expect(await stack.db.query(`SELECT name FROM donors WHERE id = $1`, [customer.id])).toEqual([
      { name: 'Ada Lovelace' },
    ]);
  });

  it('refuses a chunked body over 1 MB, a compressed body and a form body with 400; other methods are not the webhook', async () => {
    const before = await inboxCount();
    const event = buildEvent('customer.created', fixture('customer', { id: stripeId('cus') }));
    const { body, signature } = signedWebhook(event);
    const post = (headers: Record<string, string>, payload: string | Buffer) =>
      fetch(`${stack.apiUrl}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'Stripe-Signature': signature, ...headers },
        body: typeof payload === 'string' ? payload : new Uint8Array(payload),
      });

    // No Content-Length: the limit is enforced while reading.
    const streamed = await fetch(`${stack.apiUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: new ReadableStream({
        start(c) {
          for (let i = 0; i < 20; i++) c.enqueue(Buffer.alloc(64 * 1024, 0x20));
          c.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(400);
    expect((await streamed.json()).message).toBe('Payload too large (limit 1 MB)');

    const gzipped = await post({ 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, body);
    expect(gzipped.status).toBe(400);
    expect((await gzipped.json()).message).toBe('Content-Encoding is not supported');

    const form = await post({ 'Content-Type': 'application/x-www-form-urlencoded' }, body);
    expect(form.status).toBe(400);
    expect((await form.json()).message).toBe('Content-Type must be application/json');
    expect(form.headers.get('x-content-type-options')).toBe('nosniff');

    expect((await request(stack.apiUrl).get('/api/stripe/webhook')).status).toBe(404);
    expect(await inboxCount()).toBe(before);
  });

  it('answers 503 while Postgres is unreachable, and takes the redelivery once it is back', async () => {
    const customer = fixture('customer', { id: stripeId('cus'), name: 'Retry Later' });
    const event = buildEvent('customer.created', customer);
    await stack.db.setReachable(false);
    try {
      const res = await postEvent(stack, event);
      expect(res.status).toBe(503);
    } finally {
      await stack.db.setReachable(true);
    }
    await postEvent(stack, event).expect(200);
    await waitForProjection(stack, {
      predicate: async () => (await stack.db.query(`SELECT 1 FROM donors WHERE id = $1`, [customer.id])).length === 1,
    });
  });
});
