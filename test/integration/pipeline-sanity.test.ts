import type Stripe from 'stripe';
import { listEvents, replayEvents } from '../../core/src/inbox/event-replay.js';
import { buildEvent, fixture, postEvent, readModelChecksums, stripeId, waitForProjection } from '../helpers/events.js';
import { authed, signIn } from '../helpers/admin.js';
import { openReplayTools, type ReplayTools } from '../helpers/replay.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * Validly signed events that make no sense are acknowledged (so Stripe stops retrying), stored marked
 * rejected with the reason, and never projected: dated in the future, the other mode's livemode, another
 * currency, impossible amounts. Through the real webhook lane and worker; the worker refuses them too.
 */
const YEAR_2100 = 4_102_444_800;
const now = () => Math.floor(Date.now() / 1000);

describe('webhook sanity checks (test key)', () => {
  let stack: Stack;
  let tools: ReplayTools;
  beforeAll(async () => {
    stack = await startStack({ emulator: false, env: { STRIPE_API_BASE: 'http://127.0.0.1:9' } });
    tools = await openReplayTools(stack);
  });
  afterAll(async () => {
    await tools?.close();
    await stack?.stop();
  });

  const inboxRow = async (id: string) =>
    (
      await stack.db.query(
        `SELECT processed_at IS NOT NULL AS processed, ignored, rejected_reason FROM stripe_events WHERE id = $1`,
        [id],
      )
    )[0];
  const donorName = async (id: string) =>
    (await stack.db.query<{ name: string }>(`SELECT name FROM donors WHERE id = $1`, [id]))[0]?.name;

  /** Posts a signed event, expects it acknowledged as rejected with `reason`, stored rejected and processed. */
  async function expectRejected(event: Stripe.Event, reason: RegExp): Promise<void> {
    const res = await postEvent(stack, event);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, duplicate: false, rejected: expect.stringMatching(reason) });
    expect(await inboxRow(event.id)).toEqual({ processed: true, ignored: true, rejected_reason: res.body.rejected });
  }

  it('rejects a customer.updated dated 2100, and later real updates still apply', async () => {
    const id = stripeId('cus');
    await postEvent(
      stack,
      buildEvent('customer.created', fixture('customer', { id, name: 'Real Name' }), { created: now() - 60 }),
    ).expect(200);
    await waitForProjection(stack);
    await expectRejected(
      buildEvent('customer.updated', fixture('customer', { id, name: 'Frozen Forever' }), { created: YEAR_2100 }),
      /^dated in the future: created 2100-01-01T00:00:00Z/,
    );
    await waitForProjection(stack);
    expect(await donorName(id)).toBe('Real Name');
    await postEvent(
      stack,
      buildEvent('customer.updated', fixture('customer', { id, name: 'Real Update' }), { created: now() }),
    ).expect(200);
    await waitForProjection(stack);
    expect(await donorName(id)).toBe('Real Update');
  });

  it('takes Stripe clock skew of up to five minutes', async () => {
    const id = stripeId('cus');
    const res = await postEvent(
      stack,
      buildEvent('customer.created', fixture('customer', { id, name: 'Skewed Clock' }), { created: now() + 240 }),
    );
    expect(res.body).toEqual({ received: true, duplicate: false });
    await waitForProjection(stack);
    expect(await donorName(id)).toBe('Skewed Clock');
  });

  it('the ordering guard does not trust a row frozen by a future-dated event stored before the checks', async () => {
    const id = stripeId('cus');
    await postEvent(
      stack,
      buildEvent('customer.created', fixture('customer', { id, name: 'Old Name' }), { created: now() - 60 }),
    ).expect(200);
    await waitForProjection(stack);
    await stack.db.query(`UPDATE donors SET name = 'Frozen Forever', last_event_created = $2 WHERE id = $1`, [
      id,
      YEAR_2100,
    ]);
    await postEvent(
      stack,
      buildEvent('customer.updated', fixture('customer', { id, name: 'Real Update' }), { created: now() }),
    ).expect(200);
    await waitForProjection(stack);
    expect(await donorName(id)).toBe('Real Update');
    // ...and the row's version is a real one again, so ordinary ordering resumes.
    const [{ v }] = await stack.db.query(`SELECT last_event_created::bigint AS v FROM donors WHERE id = $1`, [id]);
    expect(Number(v)).toBeLessThanOrEqual(now());
  });

  const chargeEvent = (overrides: Record<string, unknown>, envelope: { livemode?: boolean } = {}) => {
    const event = buildEvent(
      'charge.succeeded',
      fixture('charge', {
        id: stripeId('ch'),
        customer: null,
        payment_intent: null,
        invoice: null,
        status: 'succeeded',
        paid: true,
        ...overrides,
      }),
    );
    return Object.assign(event, envelope);
  };

  it('rejects a live-mode event under the test key, other currencies, and negative or absurd amounts; counts nothing', async () => {
    const before = await readModelChecksums(stack);
    await expectRejected(
      chargeEvent({ amount: 5000 }, { livemode: true }),
      /^livemode true does not match the test key in use$/,
    );
    await expectRejected(chargeEvent({ amount: 10_000_000, currency: 'jpy' }), /^currency "jpy" is not USD$/);
    await expectRejected(chargeEvent({ amount: -500 }), /^charge.amount -500 is not an amount/);
    await expectRejected(chargeEvent({ amount: 100_000_000 }), /^charge.amount 100000000 is not an amount/);
    await expectRejected(chargeEvent({ amount: 5000, amount_refunded: -5000 }), /^charge.amount_refunded -5000 /);
    const pi = buildEvent(
      'payment_intent.succeeded',
      fixture('payment_intent', { id: stripeId('pi'), amount: 1e9, amount_received: 1e9, customer: null }),
    );
    await expectRejected(pi, /^payment_intent.amount 1000000000 /);
    await waitForProjection(stack);
    expect(await readModelChecksums(stack)).toEqual(before);
    // The largest real USD amount Stripe takes still counts.
    const biggest = chargeEvent({ amount: 99_999_999 });
    expect((await postEvent(stack, biggest).expect(200)).body).toEqual({ received: true, duplicate: false });
    await waitForProjection(stack);
    expect(
      await stack.db.query(`SELECT amount::int FROM charges WHERE id = $1`, [
        (biggest.data.object as Stripe.Charge).id,
      ]),
    ).toEqual([{ amount: 99_999_999 }]);
  });

  it('a duplicate delivery of a rejected event is acknowledged again and still projects nothing', async () => {
    const event = chargeEvent({ amount: 700, currency: 'eur' });
    await expectRejected(event, /^currency "eur"/);
    const again = await postEvent(stack, event);
    expect(again.body).toEqual({ received: true, duplicate: true, rejected: 'currency "eur" is not USD' });
    expect(
      await stack.db.query(`SELECT 1 FROM charges WHERE id = $1`, [(event.data.object as Stripe.Charge).id]),
    ).toEqual([]);
  });

  it('the worker refuses a future-dated row that reached the inbox without the API check (stored before it existed)', async () => {
    const id = stripeId('cus');
    const event = buildEvent('customer.created', fixture('customer', { id, name: 'Sneaked In' }), {
      created: YEAR_2100,
    });
    // As the API stored events before the checks: unprocessed, no job; the relay enqueues it after its grace period.
    await stack.db.query(
      `INSERT INTO stripe_events (id, type, created, payload, received_at) VALUES ($1, $2, $3, $4, now() - interval '10 seconds')`,
      [event.id, event.type, event.created, JSON.stringify(event)],
    );
    await waitForProjection(stack);
    expect(await inboxRow(event.id)).toEqual({
      processed: true,
      ignored: true,
      rejected_reason: expect.stringMatching(/^dated in the future/),
    });
    expect(await donorName(id)).toBeUndefined();
  });

  it('shows rejected events in health and to events:replay, whose replay checks them again and still refuses them', async () => {
    const [{ n }] = await stack.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM stripe_events WHERE rejected_reason IS NOT NULL`,
    );
    expect(n).toBeGreaterThanOrEqual(9);
    const { token } = await signIn(stack);
    const health = await authed(stack, token).get('/api/health').expect(200);
    expect(health.body.database).toMatchObject({ rejectedEvents: n, rejectedEventsLast24h: n });

    const listed = await listEvents(tools.ds, { rejected: true });
    expect(listed).toHaveLength(n);
    expect(new Set(listed.map((e) => e.rejected_reason === null))).toEqual(new Set([false]));

    const reasons = await stack.db.query(
      `SELECT id, rejected_reason FROM stripe_events WHERE rejected_reason IS NOT NULL ORDER BY id`,
    );
    const before = await readModelChecksums(stack);
    expect(await replayEvents(tools.ds, tools.producer, { rejected: true })).toBe(n);
    await waitForProjection(stack);
    expect(
      await stack.db.query(
        `SELECT id, rejected_reason FROM stripe_events WHERE rejected_reason IS NOT NULL ORDER BY id`,
      ),
    ).toEqual(reasons);
    expect(await readModelChecksums(stack)).toEqual(before);
  });
});

describe('webhook sanity checks (live key)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      emulator: false,
      env: {
        STRIPE_API_BASE: 'http://127.0.0.1:9',
        STRIPE_SECRET_KEY: 'sk_live_integration',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_integration',
      },
    });
  });
  afterAll(() => stack?.stop());

  it('rejects test-mode events and projects live ones', async () => {
    const test = buildEvent('customer.created', fixture('customer', { id: stripeId('cus'), name: 'Test Mode' }));
    const res = await postEvent(stack, test);
    expect(res.body).toEqual({
      received: true,
      duplicate: false,
      rejected: 'livemode false does not match the live key in use',
    });
    const live = Object.assign(
      buildEvent('customer.created', fixture('customer', { id: stripeId('cus'), name: 'Live Mode' })),
      { livemode: true },
    );
    expect((await postEvent(stack, live)).body).toEqual({ received: true, duplicate: false });
    await waitForProjection(stack);
    expect(await stack.db.query(`SELECT name FROM donors ORDER BY name`)).toEqual([{ name: 'Live Mode' }]);
  });
});
