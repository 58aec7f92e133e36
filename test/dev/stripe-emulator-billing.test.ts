import type Stripe from 'stripe';
import { sdkFor } from '../helpers/stripe-shapes.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { startEmulator, type StripeEmulator } from '../../dev/stripe-emulator/src/index.js';

const WEBHOOK_SECRET = 'whsec_billing_test_secret';
const DAY = 86400;

/**
 * Subscription changes, paused collection, cancellation, failed renewals with their retries and recovery
 * (`invoices.pay`), driven only through the official SDK and the emulator clock.
 */
describe('Stripe emulator billing: updates, pauses, cancellations, failed renewals', () => {
  let emulator: StripeEmulator;
  let stripe: Stripe;
  let receiver: WebhookReceiver;
  let product: string;

  beforeAll(async () => {
    receiver = await startWebhookReceiver([WEBHOOK_SECRET]);
    emulator = await startEmulator({
      port: 0,
      webhookSecret: WEBHOOK_SECRET,
      retryBaseMs: 20,
      webhookUrls: [receiver.url],
    });
    stripe = sdkFor(emulator);
    product = (await stripe.products.create({ name: 'Monthly gift' })).id;
  });

  afterAll(async () => {
    await emulator?.stop();
    await receiver?.close();
  });

  const priceData = (cents: number) => ({
    currency: 'usd',
    unit_amount: cents,
    product,
    recurring: { interval: 'month' as const },
  });

  /** A donor with a saved card as their default. */
  async function donor(token: string): Promise<{ customer: Stripe.Customer; pm: Stripe.PaymentMethod }> {
    const customer = await stripe.customers.create({ email: `${token}@example.org` });
    const pm = await stripe.paymentMethods.attach(token, { customer: customer.id });
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
    return { customer, pm };
  }

  /** A monthly gift; `anchorDays` gives a free first period ending then (so the first charge is a renewal). */
  async function monthly(
    customer: string,
    pm: string,
    cents: number,
    anchorDays?: number,
  ): Promise<Stripe.Subscription> {
    return stripe.subscriptions.create({
      customer,
      default_payment_method: pm,
      items: [{ price_data: priceData(cents) }],
      ...(anchorDays
        ? { billing_cycle_anchor: emulator.now() + anchorDays * DAY, proration_behavior: 'none' as const }
        : {}),
    });
  }

  /** Moves the clock to just past the subscription's current period end (it renews). */
  async function toPeriodEnd(subId: string): Promise<void> {
    const sub = await stripe.subscriptions.retrieve(subId);
    await emulator.advanceClock(sub.items.data[0].current_period_end - emulator.now() + 60);
  }

  const advanceTo = (at: number) => emulator.advanceClock(Math.max(0, at - emulator.now()));

  /** Events about one object, oldest first. */
  async function eventsOf(objectId: string, type?: string): Promise<Stripe.Event[]> {
    const all = await stripe.events.list({ limit: 100, ...(type ? { type } : {}) }).autoPagingToArray({ limit: 10000 });
    return all.filter((e) => (e.data.object as { id?: string }).id === objectId).reverse();
  }

  const invoicesOf = async (subId: string) => (await stripe.invoices.list({ subscription: subId, limit: 100 })).data;
  const chargesOf = async (customer: string) => (await stripe.charges.list({ customer, limit: 100 })).data;

  it('backdate_start_date: the subscription says it started then; nothing is billed for the time before now; a future one is refused', async () => {
    const { customer } = await donor('pm_card_visa');
    const now = emulator.now();
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price_data: priceData(2500) }],
      backdate_start_date: now - 40 * DAY,
      billing_cycle_anchor: now + 10 * DAY,
      proration_behavior: 'none',
    });
    expect(sub).toMatchObject({ start_date: now - 40 * DAY, created: now, status: 'active' });
    expect((await stripe.subscriptions.retrieve(sub.id)).start_date).toBe(now - 40 * DAY);
    expect((await stripe.invoices.list({ subscription: sub.id })).data.map((i) => i.amount_paid)).toEqual([0]);
    const future = stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price_data: priceData(2500) }],
      backdate_start_date: now + DAY,
    });
    await expect(future).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'backdate_start_date',
      message: 'backdate_start_date cannot be in the future.',
    });
  });

  it('changes the amount on the existing item, billed from the next invoice on (proration_behavior none)', async () => {
    const { customer, pm } = await donor('pm_card_visa');
    const sub = await monthly(customer.id, pm.id, 2000);
    const item = sub.items.data[0];
    const updated = await stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price_data: priceData(3500) }],
      proration_behavior: 'none',
    });
    expect(updated.items.data).toHaveLength(1);
    expect(updated.items.data[0]).toMatchObject({
      id: item.id,
      quantity: 1,
      price: { unit_amount: 3500 },
      plan: { amount: 3500 },
      current_period_end: item.current_period_end,
    });
    expect(await invoicesOf(sub.id)).toHaveLength(1);
    const change = (await eventsOf(sub.id, 'customer.subscription.updated')).at(-1)!;
    expect(
      (change.data.previous_attributes as { items: Stripe.ApiList<Stripe.SubscriptionItem> }).items.data[0].price
        .unit_amount,
    ).toBe(2000);
    expect((change.data.object as Stripe.Subscription).items.data[0].price.unit_amount).toBe(3500);

    await toPeriodEnd(sub.id);
    expect((await invoicesOf(sub.id)).map((i) => [i.billing_reason, i.status, i.amount_paid])).toEqual([
      ['subscription_cycle', 'paid', 3500],
      ['subscription_create', 'paid', 2000],
    ]);
    expect((await chargesOf(customer.id)).map((c) => c.amount)).toEqual([3500, 2000]);

    const price = await stripe.prices.create({ ...priceData(1000) });
    const byPrice = await stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price: price.id, quantity: 3 }],
      proration_behavior: 'none',
    });
    expect(byPrice.items.data[0]).toMatchObject({ id: item.id, quantity: 3, price: { id: price.id } });
    await toPeriodEnd(sub.id);
    expect((await chargesOf(customer.id)).map((c) => c.amount)).toEqual([3000, 3500, 2000]);

    await expect(
      stripe.subscriptions.update(sub.id, {
        items: [{ id: 'si_missing', price: price.id }],
        proration_behavior: 'none',
      }),
    ).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'items[0][id]' });
    await expect(
      stripe.subscriptions.update(sub.id, {
        items: [{ id: item.id, price_data: { ...priceData(500), recurring: { interval: 'year' } } }],
        proration_behavior: 'none',
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'items' });
    await expect(
      stripe.subscriptions.update(sub.id, { items: [{ id: item.id, price: price.id, quantity: 5 }] }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'proration_behavior' });
    // A refused update changes nothing.
    expect((await stripe.subscriptions.retrieve(sub.id)).items.data[0]).toMatchObject({
      quantity: 3,
      price: { id: price.id, recurring: { interval: 'month' } },
    });
  });

  it("charges renewals to a new default_payment_method, which must be the customer's", async () => {
    const { customer, pm } = await donor('pm_card_visa');
    const sub = await monthly(customer.id, pm.id, 2500);
    const mastercard = await stripe.paymentMethods.attach('pm_card_mastercard', { customer: customer.id });
    const updated = await stripe.subscriptions.update(sub.id, { default_payment_method: mastercard.id });
    expect(updated.default_payment_method).toBe(mastercard.id);
    const change = (await eventsOf(sub.id, 'customer.subscription.updated')).at(-1)!;
    expect(change.data.previous_attributes).toEqual({ default_payment_method: pm.id });
    await toPeriodEnd(sub.id);
    const [renewal] = await chargesOf(customer.id);
    expect(renewal.payment_method_details?.card).toMatchObject({ brand: 'mastercard', last4: '4444' });

    const stranger = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' },
    } as Stripe.PaymentMethodCreateParams);
    await expect(stripe.subscriptions.update(sub.id, { default_payment_method: stranger.id })).rejects.toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'default_payment_method',
    });
  });

  it.each([
    ['void', 'void'],
    ['mark_uncollectible', 'uncollectible'],
    ['keep_as_draft', 'draft'],
  ] as const)(
    'pauses collection with %s: the period still renews, its invoice is %s and nothing is charged until resumed',
    async (behavior, invoiceStatus) => {
      const { customer, pm } = await donor('pm_card_visa');
      const sub = await monthly(customer.id, pm.id, 2000);
      const paused = await stripe.subscriptions.update(sub.id, { pause_collection: { behavior } });
      expect(paused).toMatchObject({ status: 'active', pause_collection: { behavior, resumes_at: null } });
      const pausedEvent = (await eventsOf(sub.id, 'customer.subscription.updated')).at(-1)!;
      expect(pausedEvent.data.previous_attributes).toEqual({ pause_collection: null });

      await toPeriodEnd(sub.id);
      const [skipped] = await invoicesOf(sub.id);
      expect(skipped).toMatchObject({
        billing_reason: 'subscription_cycle',
        status: invoiceStatus,
        amount_due: 2000,
        amount_paid: 0,
        auto_advance: false,
      });
      expect(await chargesOf(customer.id)).toHaveLength(1);
      expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');

      const resumed = await stripe.subscriptions.update(sub.id, { pause_collection: '' });
      expect(resumed.pause_collection).toBeNull();
      await toPeriodEnd(sub.id);
      expect((await chargesOf(customer.id)).map((c) => c.amount)).toEqual([2000, 2000]);
      expect((await invoicesOf(sub.id))[0]).toMatchObject({ status: 'paid', amount_paid: 2000 });
      // Pausing collection is not Stripe's `paused` status: no paused/resumed events.
      expect(await eventsOf(sub.id, 'customer.subscription.paused')).toEqual([]);
      expect(await eventsOf(sub.id, 'customer.subscription.resumed')).toEqual([]);
    },
  );

  it('resumes paused collection by itself at resumes_at', async () => {
    const { customer, pm } = await donor('pm_card_visa');
    const sub = await monthly(customer.id, pm.id, 1500);
    const resumesAt = sub.items.data[0].current_period_end + 5 * DAY;
    await stripe.subscriptions.update(sub.id, { pause_collection: { behavior: 'void', resumes_at: resumesAt } });
    await toPeriodEnd(sub.id);
    expect((await invoicesOf(sub.id))[0].status).toBe('void');
    await advanceTo(resumesAt + 60);
    expect((await stripe.subscriptions.retrieve(sub.id)).pause_collection).toBeNull();
    const resumed = (await eventsOf(sub.id, 'customer.subscription.updated')).at(-1)!;
    expect(resumed.created).toBe(resumesAt);
    expect(resumed.data.previous_attributes).toEqual({ pause_collection: { behavior: 'void', resumes_at: resumesAt } });
    await toPeriodEnd(sub.id);
    expect((await chargesOf(customer.id)).map((c) => c.amount)).toEqual([1500, 1500]);
    await expect(
      stripe.subscriptions.update(sub.id, { pause_collection: { behavior: 'void', resumes_at: emulator.now() - 10 } }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'pause_collection[resumes_at]' });
  });

  it('cancels at period end: active until then, then deleted with no further charge', async () => {
    const { customer, pm } = await donor('pm_card_visa');
    const sub = await monthly(customer.id, pm.id, 2000);
    const end = sub.items.data[0].current_period_end;
    const scheduled = await stripe.subscriptions.update(sub.id, {
      cancel_at_period_end: true,
      cancellation_details: { feedback: 'too_expensive' },
    });
    expect(scheduled).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: end,
      cancellation_details: { reason: 'cancellation_requested', feedback: 'too_expensive' },
    });
    await advanceTo(end - 60);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
    await advanceTo(end + 60);
    const ended = await stripe.subscriptions.retrieve(sub.id);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: end });
    const [deleted] = await eventsOf(sub.id, 'customer.subscription.deleted');
    expect(deleted.created).toBe(end);
    await emulator.advanceClock(70 * DAY);
    expect(await invoicesOf(sub.id)).toHaveLength(1);
    expect(await chargesOf(customer.id)).toHaveLength(1);

    // Scheduling and then withdrawing the cancellation leaves a gift that renews.
    const kept = await monthly(customer.id, pm.id, 1000);
    await stripe.subscriptions.update(kept.id, { cancel_at_period_end: true });
    const undone = await stripe.subscriptions.update(kept.id, { cancel_at_period_end: false });
    expect(undone).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });
    await toPeriodEnd(kept.id);
    expect((await invoicesOf(kept.id)).map((i) => i.status)).toEqual(['paid', 'paid']);
  });

  it('cancels now with DELETE (invoice_now and prorate accepted); a canceled gift takes only metadata and details', async () => {
    const { customer, pm } = await donor('pm_card_visa');
    const sub = await monthly(customer.id, pm.id, 2000);
    const canceled = await stripe.subscriptions.cancel(sub.id, {
      invoice_now: true,
      prorate: true,
      cancellation_details: { comment: 'Moving away' },
    });
    expect(canceled).toMatchObject({
      status: 'canceled',
      ended_at: emulator.now(),
      cancellation_details: { reason: 'cancellation_requested', comment: 'Moving away' },
    });
    expect(await eventsOf(sub.id, 'customer.subscription.deleted')).toHaveLength(1);
    await expect(stripe.subscriptions.update(sub.id, { metadata: { note: 'kept' } })).resolves.toMatchObject({
      metadata: { note: 'kept' },
    });
    await expect(stripe.subscriptions.update(sub.id, { pause_collection: { behavior: 'void' } })).rejects.toMatchObject(
      { statusCode: 400 },
    );
    await expect(stripe.subscriptions.cancel(sub.id)).rejects.toMatchObject({ statusCode: 400 });
    await toPeriodEnd(sub.id);
    expect(await invoicesOf(sub.id)).toHaveLength(1);
  });

  it('attaches 4000 0000 0000 0341 but declines its charges; 4000 0000 0000 0002 is refused at attach', async () => {
    const customer = await stripe.customers.create({ email: 'cards@example.org' });
    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customer.id });
    expect(failing).toMatchObject({ customer: customer.id, card: { last4: '0341' } });
    const pi = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd', customer: customer.id });
    await expect(stripe.paymentIntents.confirm(pi.id, { payment_method: failing.id })).rejects.toMatchObject({
      statusCode: 402,
      code: 'card_declined',
    });
    await expect(
      stripe.paymentMethods.attach('pm_card_chargeDeclined', { customer: customer.id }),
    ).rejects.toMatchObject({
      type: 'StripeCardError',
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
  });

  it('retries a declined renewal on the default schedule (days 1, 3, ... 14), then cancels the gift', async () => {
    const { customer, pm } = await donor('pm_card_chargeCustomerFail');
    const sub = await monthly(customer.id, pm.id, 2000, 10);
    const renewal = sub.items.data[0].current_period_end;
    await advanceTo(renewal + 60);
    let [inv] = await invoicesOf(sub.id);
    expect(inv).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'open',
      attempted: true,
      attempt_count: 1,
      next_payment_attempt: renewal + DAY,
      amount_remaining: 2000,
    });
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('past_due');
    const pastDue = (await eventsOf(sub.id, 'customer.subscription.updated')).at(-1)!;
    expect(pastDue.data.previous_attributes).toEqual({ status: 'active' });
    expect(pastDue.data.object).toMatchObject({ status: 'past_due' });
    expect(await eventsOf(inv.id, 'invoice.payment_failed')).toHaveLength(1);
    const [failed] = await chargesOf(customer.id);
    expect(failed).toMatchObject({ status: 'failed', amount: 2000, failure_code: 'card_declined' });
    expect(await eventsOf(failed.id, 'charge.failed')).toHaveLength(1);
    expect(await eventsOf(failed.payment_intent as string, 'payment_intent.payment_failed')).toHaveLength(1);

    const days = [1, 3, 5, 7, 9, 11, 13, 14];
    for (const [i, day] of days.entries()) {
      await advanceTo(renewal + day * DAY + 60);
      inv = await stripe.invoices.retrieve(inv.id);
      expect(inv.attempt_count).toBe(i + 2);
      expect(inv.next_payment_attempt).toBe(days[i + 1] === undefined ? null : renewal + days[i + 1] * DAY);
    }
    expect(inv.status).toBe('uncollectible');
    const ended = await stripe.subscriptions.retrieve(sub.id);
    expect(ended).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'payment_failed' } });
    expect((await eventsOf(sub.id, 'customer.subscription.deleted'))[0].created).toBe(renewal + 14 * DAY);
    expect(await eventsOf(inv.id, 'invoice.payment_failed')).toHaveLength(9);
    expect(await eventsOf(inv.id, 'invoice.marked_uncollectible')).toHaveLength(1);
    expect((await chargesOf(customer.id)).filter((c) => c.status === 'failed')).toHaveLength(9);
    await emulator.advanceClock(40 * DAY);
    expect((await chargesOf(customer.id)).length).toBe(9);

    await emulator.flushWebhooks(15000);
    const delivered = new Set(
      receiver.events.filter((e) => (e.data.object as { id: string }).id === inv.id).map((e) => e.type),
    );
    expect(delivered).toEqual(
      new Set(['invoice.created', 'invoice.finalized', 'invoice.payment_failed', 'invoice.marked_uncollectible']),
    );
    expect(receiver.rejected).toBe(0);
  });

  it('pays an open invoice at once with invoices.pay after the card is replaced: paid, events, gift active again', async () => {
    const { customer, pm } = await donor('pm_card_chargeCustomerFail');
    const sub = await monthly(customer.id, pm.id, 3000, 5);
    await toPeriodEnd(sub.id);
    const [inv] = await invoicesOf(sub.id);
    expect(inv).toMatchObject({ status: 'open', attempt_count: 1 });
    const scheduled = inv.next_payment_attempt;

    const declined = await stripe.invoices.pay(inv.id).catch((e) => e);
    expect(declined).toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'card_declined' });
    expect(await stripe.invoices.retrieve(inv.id)).toMatchObject({
      status: 'open',
      attempt_count: 2,
      next_payment_attempt: scheduled,
    });

    const setup = await stripe.setupIntents.create({ customer: customer.id, allowed_payment_method_types: ['card'] });
    const confirmed = await stripe.setupIntents.confirm(setup.id, { payment_method: 'pm_card_visa' });
    const card = confirmed.payment_method as string;
    await stripe.subscriptions.update(sub.id, { default_payment_method: card });
    const paid = await stripe.invoices.pay(inv.id);
    expect(paid).toMatchObject({
      status: 'paid',
      amount_paid: 3000,
      amount_remaining: 0,
      attempt_count: 3,
      next_payment_attempt: null,
    });
    expect(await stripe.subscriptions.retrieve(sub.id)).toMatchObject({
      status: 'active',
      default_payment_method: card,
    });
    const reactivated = (await eventsOf(sub.id, 'customer.subscription.updated')).at(-1)!;
    expect(reactivated.data.previous_attributes).toMatchObject({ status: 'past_due' });
    for (const type of ['invoice.paid', 'invoice.payment_succeeded'])
      expect(await eventsOf(inv.id, type)).toHaveLength(1);
    const [charge] = await chargesOf(customer.id);
    expect(charge).toMatchObject({ status: 'succeeded', amount: 3000, payment_method: card });
    expect(await eventsOf(charge.id, 'charge.succeeded')).toHaveLength(1);
    expect(await eventsOf(charge.payment_intent as string, 'payment_intent.succeeded')).toHaveLength(1);

    await expect(stripe.invoices.pay(inv.id)).rejects.toMatchObject({
      statusCode: 400,
      message: 'Invoice is already paid',
    });
    await advanceTo(scheduled! + 60);
    expect((await chargesOf(customer.id)).filter((c) => c.status === 'succeeded')).toHaveLength(1);
  });

  it('pays with an explicit payment_method, which must belong to the customer', async () => {
    const { customer, pm } = await donor('pm_card_chargeCustomerFail');
    const sub = await monthly(customer.id, pm.id, 1200, 3);
    await toPeriodEnd(sub.id);
    const [inv] = await invoicesOf(sub.id);
    const other = await stripe.customers.create({ email: 'other@example.org' });
    const theirs = await stripe.paymentMethods.attach('pm_card_visa', { customer: other.id });
    await expect(stripe.invoices.pay(inv.id, { payment_method: theirs.id })).rejects.toMatchObject({
      statusCode: 400,
      param: 'payment_method',
    });
    const mine = await stripe.paymentMethods.attach('pm_card_amex', { customer: customer.id });
    await expect(stripe.invoices.pay(inv.id, { payment_method: mine.id })).resolves.toMatchObject({
      status: 'paid',
      amount_paid: 1200,
    });
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
  });

  it('takes its retry schedule and final action from /_emulator/billing/retries: unpaid keeps invoicing without charging', async () => {
    const admin = async (body: object) => {
      const res = await fetch(`${emulator.url}/_emulator/billing/retries`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    };
    expect(await admin({ days: [3, 2] })).toMatchObject({ status: 400, body: { error: { param: 'days' } } });
    expect(await admin({ subscription: 'forever' })).toMatchObject({
      status: 400,
      body: { error: { param: 'subscription' } },
    });
    expect(await admin({ days: [2], subscription: 'unpaid', invoice: 'open' })).toEqual({
      status: 200,
      body: { days: [2], subscription: 'unpaid', invoice: 'open' },
    });
    try {
      const { customer, pm } = await donor('pm_card_chargeCustomerFail');
      const sub = await monthly(customer.id, pm.id, 2000, 4);
      const renewal = sub.items.data[0].current_period_end;
      await advanceTo(renewal + 60);
      const [inv] = await invoicesOf(sub.id);
      expect(inv.next_payment_attempt).toBe(renewal + 2 * DAY);
      await advanceTo(renewal + 2 * DAY + 60);
      expect(await stripe.invoices.retrieve(inv.id)).toMatchObject({
        status: 'open',
        attempt_count: 2,
        next_payment_attempt: null,
      });
      expect(await stripe.subscriptions.retrieve(sub.id)).toMatchObject({ status: 'unpaid' });

      await toPeriodEnd(sub.id);
      const [next] = await invoicesOf(sub.id);
      expect(next).toMatchObject({
        billing_reason: 'subscription_cycle',
        status: 'open',
        attempt_count: 0,
        attempted: false,
      });
      expect(await chargesOf(customer.id)).toHaveLength(2);

      const visa = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
      await stripe.invoices.pay(inv.id, { payment_method: visa.id });
      expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('unpaid');
      await stripe.invoices.pay(next.id, { payment_method: visa.id });
      expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
    } finally {
      await admin({ days: [1, 3, 5, 7, 9, 11, 13, 14], subscription: 'cancel', invoice: 'uncollectible' });
    }
    const state = await (await fetch(`${emulator.url}/_emulator/state`)).json();
    expect(state.invoiceRetries).toEqual({
      days: [1, 3, 5, 7, 9, 11, 13, 14],
      subscription: 'cancel',
      invoice: 'uncollectible',
    });
  });

  it('takes the retry policy from the invoiceRetries option', async () => {
    const other = await startEmulator({ port: 0, invoiceRetries: { days: [2, 4], subscription: 'past_due' } });
    try {
      const body = await (await fetch(`${other.url}/_emulator/billing/retries`)).json();
      expect(body).toEqual({ days: [2, 4], subscription: 'past_due', invoice: 'uncollectible' });
    } finally {
      await other.stop();
    }
    await expect(startEmulator({ port: 0, invoiceRetries: { days: [0] } })).rejects.toThrow(/days must be/);
  });
});
