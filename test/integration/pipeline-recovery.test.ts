import Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { DEFAULT_JOB_OPTIONS, JobName } from '../../core/src/queue/queue.constants.js';
import { runBackfill } from '../../worker/src/backfill/stripe-backfill.js';
import { replayEvents } from '../../core/src/inbox/event-replay.js';
import { buildEvent, fixture, readModelChecksums, stripeId, waitForProjection } from '../helpers/events.js';
import { openReplayTools, type ReplayTools } from '../helpers/replay.js';
import { relayPass } from '../helpers/passes.js';
import { startStack, type Stack } from '../helpers/stack.js';
import type { DataSource } from 'typeorm';

const READ_MODEL_TABLES =
  'donors, payment_methods, payment_intents, subscriptions, invoices, charges, daily_totals, monthly_totals, donor_totals';
/** The tables under them: daily_totals and monthly_totals are views (migration ContentionFreeDayTotals1764870000000). */
const READ_MODEL_STORAGE = READ_MODEL_TABLES.replace(
  'daily_totals, monthly_totals',
  'daily_totals_folded, monthly_totals_folded, total_deltas',
);

/** The ways the read model recovers: the inbox relay, events:replay, the Stripe backfill, two workers. */
describe('event pipeline recovery', () => {
  let stack: Stack;
  let tools: ReplayTools;
  let ds: DataSource;
  let stripe: Stripe;

  beforeAll(async () => {
    stack = await startStack({ workers: 2 });
    tools = await openReplayTools(stack);
    ({ ds } = tools);
    stripe = createStripeClient(stack.env, { maxNetworkRetries: 0 });
  });
  afterAll(async () => {
    await tools?.close();
    await stack?.stop();
  });

  /** An inbox row stored as the API stores it, but whose job never reached Redis. */
  async function storeWithoutJob(event: Stripe.Event, extra = ''): Promise<void> {
    await stack.db.query(
      `INSERT INTO stripe_events (id, type, created, payload, received_at ${extra ? ', attempts, last_error' : ''})
       VALUES ($1, $2, $3, $4, now() - interval '10 seconds' ${extra})`,
      [event.id, event.type, event.created, JSON.stringify(event)],
    );
  }

  it('relays inbox rows that were stored while Redis was away', async () => {
    const customer = fixture('customer', { id: stripeId('cus'), name: 'Stored Only' });
    const event = buildEvent('customer.created', customer);
    await storeWithoutJob(event);
    expect(await tools.producer.getJob(JobName.ProjectStripeEvent, event.id)).toBeUndefined();
    await waitForProjection(stack, {
      predicate: async () => (await stack.db.query(`SELECT 1 FROM donors WHERE id = $1`, [customer.id])).length === 1,
    });
    const [row] = await stack.db.query(`SELECT attempts, enqueued_at FROM stripe_events WHERE id = $1`, [event.id]);
    expect(row.attempts).toBe(1);
    expect(row.enqueued_at).not.toBeNull();
  });

  it('leaves events that used up their attempts to events:replay, which runs them again', async () => {
    const customer = fixture('customer', { id: stripeId('cus'), name: 'Failed Once' });
    const event = buildEvent('customer.created', customer);
    await storeWithoutJob(event, `, ${DEFAULT_JOB_OPTIONS.attempts}, 'boom'`);
    // Past the relay's grace period (stored 10 s ago) and a whole relay pass, the row is still untouched.
    await relayPass(stack);
    expect(
      await stack.db.query(`SELECT processed_at, last_error FROM stripe_events WHERE id = $1`, [event.id]),
    ).toEqual([{ processed_at: null, last_error: 'boom' }]);
    expect(await replayEvents(ds, tools.producer, { failed: true })).toBe(1);
    await waitForProjection(stack);
    expect(await stack.db.query(`SELECT name FROM donors WHERE id = $1`, [customer.id])).toEqual([
      { name: 'Failed Once' },
    ]);
    // Replaying processed events by date re-applies them without changing anything.
    const before = await readModelChecksums(stack);
    expect(await replayEvents(ds, tools.producer, { since: new Date(Date.now() - 3600_000) })).toBeGreaterThanOrEqual(
      2,
    );
    await waitForProjection(stack);
    expect(await readModelChecksums(stack)).toEqual(before);
  });

  it('backfills the read model from the Stripe API, the same as the events built it, and twice changes nothing', async () => {
    // The tests above put donors in the read model that Stripe never had; start from what Stripe has.
    await waitForProjection(stack);
    await stack.db.query(`TRUNCATE ${READ_MODEL_STORAGE}`);
    const donor = await stripe.customers.create({ name: 'Backfill Donor', email: 'bf@example.org' });
    const pi = await stripe.paymentIntents.create({
      amount: 7500,
      currency: 'usd',
      customer: donor.id,
      payment_method: 'pm_card_visa',
      confirm: true,
      metadata: { frequency: 'one-time', donation_type: 'one-time', source: 'website' },
    });
    await stripe.refunds.create({ payment_intent: pi.id, amount: 500 });
    const pm = await stripe.paymentMethods.attach('pm_card_mastercard', { customer: donor.id });
    const sub = await stripe.subscriptions.create({
      customer: donor.id,
      default_payment_method: pm.id,
      items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: 1200,
            product_data: { name: 'Annual gift' },
            recurring: { interval: 'year' },
          } as unknown as Stripe.SubscriptionCreateParams.Item.PriceData,
        },
      ],
    });
    await stack.emulator!.flushWebhooks(30000);
    await waitForProjection(stack);
    const fromEvents = await readModelChecksums(stack, { withoutVersions: true });
    const tables = Object.keys(fromEvents);
    // Every read-model table, in the order checksummed: the projections' six, then the totals.
    expect(tables).toEqual(READ_MODEL_TABLES.split(', '));

    await stack.db.query(`TRUNCATE ${READ_MODEL_STORAGE}`);
    const phases: string[] = [];
    const counts = await runBackfill({
      ds,
      stripe,
      timeZone: stack.env.TIME_ZONE,
      onProgress: (p) => phases.push(p.phase),
    });
    expect(counts).toMatchObject({
      customers: expect.any(Number),
      charges: expect.any(Number),
      subscriptions: expect.any(Number),
    });
    expect(phases).toContain('done');

    const rows = await stack.db.query(
      `SELECT amount::int, amount_refunded::int, frequency, customer_id FROM charges WHERE customer_id = $1 ORDER BY amount`,
      [donor.id],
    );
    expect(rows).toEqual([
      { amount: 1200, amount_refunded: 0, frequency: 'annual', customer_id: donor.id },
      { amount: 7500, amount_refunded: 500, frequency: 'one-time', customer_id: donor.id },
    ]);
    expect(
      await stack.db.query(`SELECT total_amount::int, donation_count FROM donor_totals WHERE customer_id = $1`, [
        donor.id,
      ]),
    ).toEqual([{ total_amount: 8200, donation_count: 2 }]);
    expect(await stack.db.query(`SELECT frequency, status FROM subscriptions WHERE id = $1`, [sub.id])).toEqual([
      { frequency: 'annual', status: 'active' },
    ]);

    // Every read-model table holds what the events built, and a second backfill changes none of them. Only the
    // guard's versions are left out: a backfill versions each row by the moment it read the object.
    const once = await readModelChecksums(stack, { withoutVersions: true });
    expect(once).toEqual(fromEvents);
    await runBackfill({ ds, stripe, timeZone: stack.env.TIME_ZONE });
    expect(await readModelChecksums(stack, { withoutVersions: true })).toEqual(once);
  });

  it('lets events newer than the backfill win over it', async () => {
    const donor = await stripe.customers.create({ name: 'Before Backfill' });
    await stack.emulator!.flushWebhooks(30000);
    await waitForProjection(stack);
    await runBackfill({ ds, stripe, timeZone: stack.env.TIME_ZONE });
    const [backfilled] = await stack.db.query(`SELECT name, last_event_created FROM donors WHERE id = $1`, [donor.id]);
    expect(backfilled.name).toBe('Before Backfill');
    await stack.emulator!.advanceClock(5);
    await stripe.customers.update(donor.id, { name: 'After Backfill' });
    await stack.emulator!.flushWebhooks(30000);
    const nameIs = async (name: string) =>
      (await stack.db.query(`SELECT name FROM donors WHERE id = $1`, [donor.id]))[0]?.name === name;
    await waitForProjection(stack, { predicate: () => nameIs('After Backfill') });
    const [after] = await stack.db.query(`SELECT name, last_event_created FROM donors WHERE id = $1`, [donor.id]);
    expect(after.name).toBe('After Backfill');
    expect(Number(after.last_event_created)).toBeGreaterThan(Number(backfilled.last_event_created));
  });
});
