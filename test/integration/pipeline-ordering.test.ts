import type Stripe from 'stripe';
import { buildEvent, fixture, postEvent, stripeId, waitForProjection } from '../helpers/events.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * Order-safety on hand-built events from fixtures3.json, delivered one at a time in a chosen order, with no
 * Stripe to ask (STRIPE_API_BASE is a closed port): the ties and links must resolve from the events alone.
 */
describe('projection order-safety', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ emulator: false, env: { STRIPE_API_BASE: 'http://127.0.0.1:9' } });
  });
  afterAll(() => stack.stop());

  async function deliverInOrder(events: Stripe.Event[]): Promise<void> {
    for (const e of events) {
      await postEvent(stack, e).expect(200);
      await waitForProjection(stack);
    }
  }

  const totalsOf = async (customer: string) =>
    (
      await stack.db.query(
        `SELECT total_amount::int AS amount, donation_count AS count FROM donor_totals WHERE customer_id = $1`,
        [customer],
      )
    )[0] ?? null;

  function charge(overrides: Record<string, unknown>): Stripe.Charge {
    return fixture<Stripe.Charge>('charge', {
      id: stripeId('ch'),
      payment_intent: stripeId('pi'),
      customer: stripeId('cus'),
      amount: 5000,
      created: 1767000000,
      ...overrides,
    });
  }

  it.each([
    ['in order', false],
    ['refund first', true],
  ])('keeps the refund when charge.succeeded and charge.refunded share a second (%s)', async (_, reversed) => {
    const succeeded = charge({ metadata: { frequency: 'one-time' } });
    const refunded = { ...structuredClone(succeeded), amount_refunded: 5000, refunded: true };
    const events = [
      buildEvent('charge.succeeded', succeeded, { created: 1767000100 }),
      buildEvent('charge.refunded', refunded, { created: 1767000100 }),
    ];
    await deliverInOrder(reversed ? events.reverse() : events);
    expect(
      await stack.db.query(`SELECT amount_refunded::int, refunded FROM charges WHERE id = $1`, [succeeded.id]),
    ).toEqual([{ amount_refunded: 5000, refunded: true }]);
    expect(await totalsOf(succeeded.customer as string)).toEqual({ amount: 0, count: 1 });
  });

  it('skips an older event delivered after a newer one, and keeps a deletion', async () => {
    const id = stripeId('cus');
    const v1 = fixture('customer', { id, name: 'Old Name' });
    const v2 = fixture('customer', { id, name: 'New Name' });
    await deliverInOrder([
      buildEvent('customer.updated', v2, { created: 1767000200 }),
      buildEvent('customer.updated', v1, { created: 1767000100 }),
    ]);
    expect(await stack.db.query(`SELECT name FROM donors WHERE id = $1`, [id])).toEqual([{ name: 'New Name' }]);
    await deliverInOrder([
      buildEvent('customer.deleted', v2, { created: 1767000300 }),
      buildEvent('customer.updated', fixture('customer', { id, name: 'Zombie' }), { created: 1767000250 }),
    ]);
    const [row] = await stack.db.query(`SELECT name, deleted_at FROM donors WHERE id = $1`, [id]);
    expect(row.name).toBe('New Name');
    expect(row.deleted_at).toEqual(new Date(1767000300 * 1000));
  });

  it('applies a dispute that arrives before its charge, and a won dispute restores the gift', async () => {
    const ch = charge({ metadata: { frequency: 'one-time' } });
    const dispute = fixture('dispute', { id: stripeId('dp'), charge: ch.id, amount: 5000, status: 'needs_response' });
    await deliverInOrder([
      buildEvent('charge.dispute.created', dispute, { created: 1767000500 }),
      buildEvent('charge.succeeded', ch, { created: 1767000400 }),
    ]);
    expect(
      await stack.db.query(`SELECT status, disputed, dispute_status, amount::int FROM charges WHERE id = $1`, [ch.id]),
    ).toEqual([{ status: 'succeeded', disputed: true, dispute_status: 'needs_response', amount: 5000 }]);
    expect(await totalsOf(ch.customer as string)).toEqual({ amount: 0, count: 1 });
    await deliverInOrder([
      buildEvent('charge.dispute.closed', { ...dispute, status: 'won' }, { created: 1767000600 }),
      buildEvent('charge.dispute.created', dispute, { created: 1767000500 }),
    ]);
    expect(await totalsOf(ch.customer as string)).toEqual({ amount: 5000, count: 1 });
  });

  const permutations = <T>(xs: T[]): T[][] =>
    xs.length <= 1
      ? [xs]
      : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));

  it.each(permutations([0, 1, 2]).map((p) => [p.join(',')]))(
    'links a renewal charge to its subscription in any order (%s)',
    async (order) => {
      const customer = stripeId('cus');
      const sub = fixture<Stripe.Subscription>('subscription', {
        id: stripeId('sub'),
        customer,
        status: 'active',
        metadata: { frequency: 'quarterly', donation_type: 'quarterly', source: 'website' },
      });
      const ch = charge({ customer, metadata: {} });
      const invoice = fixture('invoice', {
        id: stripeId('in'),
        customer,
        status: 'paid',
        amount_paid: 5000,
        billing_reason: 'subscription_cycle',
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: sub.id, metadata: null },
        },
        payments: {
          object: 'list',
          data: [
            {
              ...fixture('invoice_payment'),
              status: 'paid',
              payment: { type: 'payment_intent', payment_intent: ch.payment_intent },
            },
          ],
        },
      });
      const events = [
        buildEvent('customer.subscription.created', sub, { created: 1767000700 }),
        buildEvent('invoice.paid', invoice, { created: 1767000800 }),
        buildEvent('charge.succeeded', ch, { created: 1767000800 }),
      ];
      await deliverInOrder(order.split(',').map((i: string) => events[Number(i)]));
      expect(
        await stack.db.query(
          `SELECT subscription_id, invoice_id, frequency, donation_type, source FROM charges WHERE id = $1`,
          [ch.id],
        ),
      ).toEqual([
        {
          subscription_id: sub.id,
          invoice_id: invoice.id,
          frequency: 'quarterly',
          donation_type: 'quarterly',
          source: 'website',
        },
      ]);
      const buckets = await stack.db.query(
        `SELECT donation_type, amount::int, count FROM daily_totals WHERE day = '2025-12-29' AND (amount <> 0 OR count <> 0) AND donation_type = 'quarterly'`,
      );
      expect(buckets.length).toBeGreaterThan(0);
      expect(await totalsOf(customer)).toEqual({ amount: 5000, count: 1 });
    },
  );
});
