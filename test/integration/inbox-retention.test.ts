import type Stripe from 'stripe';
import { DEFAULT_JOB_OPTIONS } from '../../core/src/queue/queue.constants.js';
import { prunedInSelection, replayEvents } from '../../core/src/inbox/event-replay.js';
import { buildEvent, fixture, postEvent, readModelChecksums, stripeId, waitForProjection } from '../helpers/events.js';
import { waitUntil } from '../helpers/faults.js';
import { openReplayTools, type ReplayTools } from '../helpers/replay.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * INBOX_RETENTION_DAYS: the worker replaces the payload of inbox events processed longer ago than that by a
 * stub (no donor data), at start-up and hourly; id, type and created stay, so duplicates are still recognised.
 */
describe('inbox retention', () => {
  let stack: Stack;
  let tools: ReplayTools;
  beforeAll(async () => {
    stack = await startStack({
      emulator: false,
      env: { STRIPE_API_BASE: 'http://127.0.0.1:9', INBOX_RETENTION_DAYS: '30' },
    });
    tools = await openReplayTools(stack);
  });
  afterAll(async () => {
    await tools?.close();
    await stack?.stop();
  });

  const row = async (id: string) =>
    (
      await stack.db.query(
        `SELECT id, type, created::bigint AS created, payload, payload_pruned_at, processed_at FROM stripe_events WHERE id = $1`,
        [id],
      )
    )[0];

  it('prunes the payloads of events processed longer ago than the retention, and only those', async () => {
    const customerId = stripeId('cus');
    const customer = buildEvent(
      'customer.created',
      fixture('customer', {
        id: customerId,
        name: 'Ada Private',
        email: 'ada.private@example.org',
        phone: '+18705550199',
      }),
    );
    const charge = buildEvent(
      'charge.succeeded',
      fixture('charge', {
        id: stripeId('ch'),
        customer: customerId,
        payment_intent: null,
        invoice: null,
        status: 'succeeded',
        paid: true,
        amount: 2500,
        billing_details: { name: 'Ada Private', email: 'ada.private@example.org', phone: null, address: null },
      }),
    );
    const recent = buildEvent('customer.created', fixture('customer', { id: stripeId('cus'), name: 'Recent Donor' }));
    for (const e of [customer, charge, recent]) await postEvent(stack, e).expect(200);
    await waitForProjection(stack);
    // An event that failed for good 40 days ago: never projected, so it keeps its payload for events:replay.
    const failed = buildEvent('customer.created', fixture('customer', { id: stripeId('cus'), name: 'Failed Donor' }));
    await stack.db.query(
      `INSERT INTO stripe_events (id, type, created, payload, received_at, attempts, last_error) VALUES ($1, $2, $3, $4, now() - interval '40 days', $5, 'boom')`,
      [failed.id, failed.type, failed.created, JSON.stringify(failed), DEFAULT_JOB_OPTIONS.attempts],
    );
    await stack.db.query(`UPDATE stripe_events SET processed_at = now() - interval '31 days' WHERE id = ANY($1)`, [
      [customer.id, charge.id],
    ]);
    const readModel = await readModelChecksums(stack);

    // A worker starting prunes at once (and then hourly).
    await stack.startWorker();
    await waitUntil(
      async () =>
        (await row(charge.id)).payload_pruned_at !== null && (await row(customer.id)).payload_pruned_at !== null,
      {
        timeoutMs: 20000,
        describe: async () =>
          JSON.stringify(await stack.db.query(`SELECT id, processed_at, payload_pruned_at FROM stripe_events`)),
      },
    );

    for (const e of [customer, charge]) {
      const r = await row(e.id);
      expect(r).toMatchObject({ id: e.id, type: e.type, created: String(e.created) });
      expect(r.payload).toEqual({
        id: e.id,
        object: 'event',
        type: e.type,
        created: e.created,
        livemode: false,
        api_version: '2026-10-28.endive',
        pruned: true,
      });
    }
    const [{ n }] = await stack.db.query(
      `SELECT count(*)::int AS n FROM stripe_events WHERE payload::text ILIKE '%ada%private%'`,
    );
    expect(n).toBe(0);
    expect((await row(recent.id)).payload).toEqual(JSON.parse(JSON.stringify(recent)));
    expect(await row(failed.id)).toMatchObject({
      payload_pruned_at: null,
      processed_at: null,
      payload: JSON.parse(JSON.stringify(failed)),
    });
    expect(await readModelChecksums(stack)).toEqual(readModel);

    // A late duplicate delivery of a pruned event is still recognised and changes nothing.
    const again = await postEvent(stack, customer).expect(200);
    expect(again.body).toEqual({ received: true, duplicate: true });
    expect((await row(customer.id)).payload.pruned).toBe(true);

    // Replay leaves pruned rows alone (nothing to project) and says how many it skipped.
    const since = { since: new Date(Date.now() - 3600_000) };
    expect(await prunedInSelection(tools.ds, since)).toBe(2);
    expect(await replayEvents(tools.ds, tools.producer, since)).toBe(2);
    await waitForProjection(stack);
    expect((await row(charge.id)).payload_pruned_at).not.toBeNull();
    expect(await stack.db.query(`SELECT name, email FROM donors WHERE id = $1`, [customerId])).toEqual([
      { name: 'Ada Private', email: 'ada.private@example.org' },
    ]);
    expect(
      await stack.db.query(`SELECT amount::int FROM charges WHERE id = $1`, [(charge.data.object as Stripe.Charge).id]),
    ).toEqual([{ amount: 2500 }]);
  });
});
