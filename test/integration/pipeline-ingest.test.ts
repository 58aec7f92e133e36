import request from 'supertest';
import { buildEvent, fixture, postEvent, signedWebhook, stripeId, waitForProjection } from '../helpers/events.js';
import { startStack, type Stack } from '../helpers/stack.js';

/** POST /api/stripe/webhook: verify -> inbox -> enqueue -> 200, on signed events built from Stripe's fixtures. */
describe('Stripe webhook ingest', () => {
  let stack: Stack;
  beforeAll(async () => {
    // No emulator: events are built and signed here. STRIPE_API_BASE points at a closed port so any look-up fails fast.
    stack = await startStack({ emulator: false, env: { STRIPE_API_BASE: 'http://127.0.0.1:9' } });
  });
  afterAll(() => stack.stop());

  const inboxCount = async () => (await stack.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM stripe_events`))[0].n;

  it('stores, acknowledges and projects a signed event', async () => {
    const customer = fixture('customer', { id: stripeId('cus'), name: 'Ada Lovelace', email: 'ada@example.org' });
    const event = buildEvent('customer.created', customer);
    const res = await postEvent(stack, event);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, duplicate: false });
    await waitForProjection(stack);
    const [row] = await stack.db.query(`SELECT * FROM stripe_events WHERE id = $1`, [event.id]);
    expect(row).toMatchObject({ type: 'customer.created', attempts: 1, last_error: null, ignored: false });
    expect(row.processed_at).not.toBeNull();
    expect(row.enqueued_at).not.toBeNull();
    expect(await stack.db.query(`SELECT name, email FROM donors WHERE id = $1`, [customer.id])).toEqual([{ name: 'Ada Lovelace', email: 'ada@example.org' }]);
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
    const tampered = await request(stack.apiUrl).post('/api/stripe/webhook').set('Stripe-Signature', signature).send(body.replace('"customer.created"', '"customer.deleted"'));
    expect(tampered.status).toBe(400);

    const missing = await request(stack.apiUrl).post('/api/stripe/webhook').set('Content-Type', 'application/json').send(body);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Missing Stripe-Signature header');

    const notEvent = await postEvent(stack, { hello: 'world' });
    expect(notEvent.status).toBe(400);
    expect(notEvent.body.message).toBe('Body is not a Stripe event');

    const notJson = await postEvent(stack, 'this is not json');
    expect(notJson.status).toBe(400);

    const big = buildEvent('customer.created', fixture('customer', { id: stripeId('cus'), description: 'x'.repeat(1024 * 1024 + 10) }));
    const oversized = await postEvent(stack, big);
    expect(oversized.status).toBe(400);
    expect(oversized.body.message).toMatch(/too large/i);

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
    await waitForProjection(stack, { predicate: async () => (await stack.db.query(`SELECT 1 FROM donors WHERE id = $1`, [customer.id])).length === 1 });
  });
});
