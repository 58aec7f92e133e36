import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Stripe from 'stripe';
import { FIXTURES, missingFixtureKeys } from '../helpers/stripe-shapes.js';
import { startEmulator, type StripeEmulator } from '../../dev/stripe-emulator/src/index.js';
import { addInterval } from '../../dev/stripe-emulator/src/resources/billing-objects.js';

const WEBHOOK_SECRET = 'whsec_contract_test_secret';

describe('Stripe emulator, driven only through the official stripe SDK', () => {
  let emulator: StripeEmulator;
  let stripe: Stripe;
  let receiver: Server;
  const delivered: Stripe.Event[] = [];
  const rejected: string[] = [];
  let failNext = 0;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        if (failNext > 0) {
          failNext--;
          res.writeHead(500).end();
          return;
        }
        const body = Buffer.concat(chunks).toString('utf8');
        try {
          delivered.push(stripe.webhooks.constructEvent(body, String(req.headers['stripe-signature']), WEBHOOK_SECRET));
          res.writeHead(200).end('{"received":true}');
        } catch (err) {
          rejected.push((err as Error).message);
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const started = Date.now();
    emulator = await startEmulator({
      port: 0,
      webhookSecret: WEBHOOK_SECRET,
      retryBaseMs: 20,
      webhookUrls: [`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`],
    });
    expect(Date.now() - started).toBeLessThan(1000);
    const base = new URL(emulator.url);
    stripe = new Stripe(emulator.secretKey, {
      host: base.hostname,
      port: Number(base.port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  });

  afterAll(async () => {
    await emulator?.stop();
    await new Promise((r) => receiver?.close(r));
  });

  const confirmWith = async (paymentMethod: string, amount = 2500, customer?: string) => {
    const pi = await stripe.paymentIntents.create({
      amount,
      currency: 'usd',
      customer,
      metadata: { donation: 'test' },
      receipt_email: 'donor@example.org',
    });
    expect(pi.client_secret).toMatch(new RegExp(`^${pi.id}_secret_\\w+$`));
    return stripe.paymentIntents.confirm(pi.id, { payment_method: paymentMethod, expand: ['latest_charge'] });
  };

  it("answers a bad key with 401 and Stripe's error envelope", async () => {
    const base = new URL(emulator.url);
    const bad = new Stripe('sk_live_nope', {
      host: base.hostname,
      port: Number(base.port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(bad.customers.list()).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
      raw: { type: 'invalid_request_error' },
    });
  });

  it('creates, updates, searches and retrieves customers; unknown ids are 404 resource_missing', async () => {
    const c = await stripe.customers.create({ email: 'ann@example.org', name: 'Ann Lee', metadata: { source: 'web' } });
    expect(c.id).toMatch(/^cus_\w{14}$/);
    const u = await stripe.customers.update(c.id, { name: 'Ann B. Lee', metadata: { source: '', tier: 'gold' } });
    expect(u).toMatchObject({ name: 'Ann B. Lee', metadata: { tier: 'gold' } });
    const found = await stripe.customers.search({ query: "email:'ann@example.org'" });
    expect(found.data.map((x) => x.id)).toEqual([c.id]);
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
      type: 'StripeInvalidRequestError',
    });
    await expect(
      stripe.paymentIntents.create({ currency: 'usd' } as Stripe.PaymentIntentCreateParams),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'amount' });
  });

  it('succeeds with visa, mastercard, amex and discover, and records brand, last4, fee and receipt', async () => {
    const cases: Array<[string, string, string]> = [
      ['pm_card_visa', 'visa', '4242'],
      ['pm_card_mastercard', 'mastercard', '4444'],
      ['pm_card_amex', 'amex', '0005'],
      ['pm_card_discover', 'discover', '1117'],
    ];
    for (const [token, brand, last4] of cases) {
      const pi = await confirmWith(token);
      expect(pi.status).toBe('succeeded');
      const ch = pi.latest_charge as Stripe.Charge;
      expect(ch).toMatchObject({
        object: 'charge',
        status: 'succeeded',
        paid: true,
        amount: 2500,
        payment_intent: pi.id,
        metadata: { donation: 'test' },
        receipt_email: 'donor@example.org',
      });
      expect(ch.payment_method_details?.card).toMatchObject({ brand, last4 });
      const txn = await stripe.balanceTransactions.retrieve(ch.balance_transaction as string);
      // The default fee is a US non-profit's discounted card rate, 2.2% + 30 cents.
      expect(txn).toMatchObject({
        amount: 2500,
        fee: Math.round(2500 * 0.022) + 30,
        net: 2500 - (Math.round(2500 * 0.022) + 30),
      });
      const receipt = await fetch(ch.receipt_url!);
      expect(await receipt.text()).toContain(last4);
    }
  });

  it('creates card payment methods from raw numbers', async () => {
    const numbers: Array<[string, string]> = [
      ['4242424242424242', 'visa'],
      ['5555555555554444', 'mastercard'],
      ['378282246310005', 'amex'],
      ['6011111111111117', 'discover'],
    ];
    for (const [number, brand] of numbers) {
      const pm = await stripe.paymentMethods.create({
        type: 'card',
        card: { number, exp_month: 12, exp_year: 2034, cvc: '123' },
        billing_details: { name: 'Ann Lee' },
      } as Stripe.PaymentMethodCreateParams);
      expect(pm).toMatchObject({
        object: 'payment_method',
        type: 'card',
        card: { brand, last4: number.slice(-4) },
        billing_details: { name: 'Ann Lee' },
      });
    }
  });

  it('declines with 402 card errors and leaves the intent awaiting a new payment method', async () => {
    const declines: Array<[string, string, string]> = [
      ['pm_card_chargeDeclined', 'generic_decline', 'Your card was declined.'],
      ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds', 'Your card has insufficient funds.'],
    ];
    for (const [token, declineCode, message] of declines) {
      const pi = await stripe.paymentIntents.create({ amount: 1500, currency: 'usd' });
      const err = await stripe.paymentIntents.confirm(pi.id, { payment_method: token }).catch((e) => e);
      expect(err).toMatchObject({
        type: 'StripeCardError',
        statusCode: 402,
        code: 'card_declined',
        decline_code: declineCode,
        message,
      });
      const after = await stripe.paymentIntents.retrieve(pi.id);
      expect(after.status).toBe('requires_payment_method');
      expect(after.last_payment_error).toMatchObject({ type: 'card_error', decline_code: declineCode });
      const charge = await stripe.charges.retrieve(after.latest_charge as string);
      expect(charge).toMatchObject({
        status: 'failed',
        paid: false,
        failure_code: 'card_declined',
        failure_message: message,
        outcome: { type: 'issuer_declined', reason: declineCode },
      });
    }
    const raw = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4000000000009995', exp_month: 1, exp_year: 2035, cvc: '999' },
    } as Stripe.PaymentMethodCreateParams);
    const pi = await stripe.paymentIntents.create({ amount: 900, currency: 'usd' });
    await expect(stripe.paymentIntents.confirm(pi.id, { payment_method: raw.id })).rejects.toMatchObject({
      statusCode: 402,
      decline_code: 'insufficient_funds',
    });
  });

  it('refunds in part and in full, and refuses more than what is left', async () => {
    const pi = await confirmWith('pm_card_visa', 5000);
    const partial = await stripe.refunds.create({
      payment_intent: pi.id,
      amount: 1200,
      reason: 'requested_by_customer',
    });
    expect(partial).toMatchObject({ object: 'refund', amount: 1200, status: 'succeeded', payment_intent: pi.id });
    let charge = await stripe.charges.retrieve((pi.latest_charge as Stripe.Charge).id);
    expect(charge).toMatchObject({ amount_refunded: 1200, refunded: false });
    await expect(stripe.refunds.create({ charge: charge.id, amount: 4000 })).rejects.toMatchObject({
      statusCode: 400,
      param: 'amount',
    });
    const rest = await stripe.refunds.create({ charge: charge.id });
    expect(rest.amount).toBe(3800);
    charge = await stripe.charges.retrieve(charge.id);
    expect(charge).toMatchObject({ amount_refunded: 5000, refunded: true });
    const refunds = await stripe.refunds.list({ charge: charge.id });
    expect(refunds.data.map((r) => r.id)).toEqual([rest.id, partial.id]);
  });

  it('replays an Idempotency-Key and rejects its reuse with other parameters', async () => {
    const first = await stripe.customers.create({ email: 'idem@example.org' }, { idempotencyKey: 'key-1' });
    const again = await stripe.customers.create({ email: 'idem@example.org' }, { idempotencyKey: 'key-1' });
    expect(again.id).toBe(first.id);
    await expect(
      stripe.customers.create({ email: 'other@example.org' }, { idempotencyKey: 'key-1' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
  });

  it('runs a monthly subscription: first invoice paid in the browser flow, then two renewals by clock', async () => {
    const customer = await stripe.customers.create({ email: 'monthly@example.org', name: 'Mo Nthly' });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: 2000,
            product_data: { name: 'Monthly gift' },
            recurring: { interval: 'month' },
          } as unknown as Stripe.SubscriptionCreateParams.Item.PriceData,
        },
      ],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { donor: 'mo' },
      expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payment_intent'],
    });
    expect(sub.status).toBe('incomplete');
    const invoice = sub.latest_invoice as Stripe.Invoice & { payment_intent: Stripe.PaymentIntent };
    expect(invoice).toMatchObject({
      status: 'open',
      amount_due: 2000,
      billing_reason: 'subscription_create',
      parent: { subscription_details: { subscription: sub.id } },
    });
    expect(invoice.confirmation_secret?.type).toBe('payment_intent');
    expect(invoice.confirmation_secret?.client_secret).toBe(invoice.payment_intent.client_secret);
    expect(invoice.payment_intent.metadata).toEqual({});
    const paid = await stripe.paymentIntents.confirm(invoice.payment_intent.id, { payment_method: 'pm_card_visa' });
    expect(paid.status).toBe('succeeded');
    const active = await stripe.subscriptions.retrieve(sub.id);
    expect(active.status).toBe('active');
    expect(active.default_payment_method).toBe(paid.payment_method);
    const payments = await stripe.invoicePayments.list({ invoice: invoice.id });
    expect(payments.data[0]).toMatchObject({
      status: 'paid',
      payment: { type: 'payment_intent', payment_intent: paid.id },
    });

    const periodEnd = active.items.data[0].current_period_end;
    await emulator.advanceClock(periodEnd - emulator.now() + 60);
    const afterOne = await stripe.subscriptions.retrieve(active.id);
    await emulator.advanceClock(afterOne.items.data[0].current_period_end - emulator.now() + 60);
    const invoices = await stripe.invoices.list({ customer: customer.id });
    expect(invoices.data.map((i) => [i.billing_reason, i.status, i.amount_paid])).toEqual([
      ['subscription_cycle', 'paid', 2000],
      ['subscription_cycle', 'paid', 2000],
      ['subscription_create', 'paid', 2000],
    ]);
    const charges = await stripe.charges.list({ customer: customer.id });
    expect(charges.data).toHaveLength(3);
    expect(charges.data.every((c) => c.status === 'succeeded' && c.amount === 2000)).toBe(true);
    const renewed = await stripe.subscriptions.retrieve(sub.id);
    expect(renewed.items.data[0].current_period_start).toBe(afterOne.items.data[0].current_period_end);
    const withInvoice = (await stripe.charges.retrieve(charges.data[0].id, {
      expand: ['invoice'],
    })) as unknown as Stripe.Charge & { invoice: Stripe.Invoice };
    expect(withInvoice.invoice.id).toBe(invoices.data[0].id);

    const canceled = await stripe.subscriptions.cancel(sub.id);
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'cancellation_requested' } });
  });

  it('anchors a subscription on a future date: a free or prorated first period, then full renewals from the anchor', async () => {
    const customer = await stripe.customers.create({ email: 'anchored@example.org' });
    const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const price = {
      currency: 'usd',
      unit_amount: 3000,
      product_data: { name: 'Monthly gift' },
      recurring: { interval: 'month' },
    } as unknown as Stripe.SubscriptionCreateParams.Item.PriceData;
    const now = emulator.now();
    const anchor = now + 10 * 86400;

    const free = await stripe.subscriptions.create({
      customer: customer.id,
      default_payment_method: pm.id,
      items: [{ price_data: price }],
      billing_cycle_anchor: anchor,
      proration_behavior: 'none',
      expand: ['latest_invoice'],
    });
    expect(free).toMatchObject({ status: 'active', billing_cycle_anchor: anchor });
    expect(free.items.data[0]).toMatchObject({ current_period_start: now, current_period_end: anchor });
    expect(free.latest_invoice).toMatchObject({
      status: 'paid',
      amount_due: 0,
      amount_paid: 0,
      billing_reason: 'subscription_create',
    });
    expect((await stripe.charges.list({ customer: customer.id })).data).toEqual([]);

    const prorated = await stripe.subscriptions.create({
      customer: customer.id,
      default_payment_method: pm.id,
      items: [{ price_data: price }],
      billing_cycle_anchor: anchor,
      expand: ['latest_invoice'],
    });
    const share = (anchor - now) / (addInterval(now, 'month', 1) - now);
    expect(prorated.latest_invoice).toMatchObject({ status: 'paid', amount_paid: Math.round(3000 * share) });
    expect((prorated.latest_invoice as Stripe.Invoice).lines.data[0].parent?.subscription_item_details?.proration).toBe(
      true,
    );

    await emulator.advanceClock(anchor - emulator.now() + 60);
    const renewed = await stripe.subscriptions.retrieve(free.id);
    expect(renewed.items.data[0]).toMatchObject({
      current_period_start: anchor,
      current_period_end: addInterval(anchor, 'month', 1),
    });
    const invoices = await stripe.invoices.list({ subscription: free.id });
    expect(invoices.data.map((i) => [i.billing_reason, i.status, i.amount_paid])).toEqual([
      ['subscription_cycle', 'paid', 3000],
      ['subscription_create', 'paid', 0],
    ]);

    const later = emulator.now();
    for (const [bad, message] of [
      [later - 60, /in the past/],
      [addInterval(later, 'month', 1) + 86400, /later than next natural billing date/],
    ] as const) {
      await expect(
        stripe.subscriptions.create({
          customer: customer.id,
          default_payment_method: pm.id,
          items: [{ price_data: price }],
          billing_cycle_anchor: bad,
        }),
      ).rejects.toMatchObject({
        statusCode: 400,
        param: 'billing_cycle_anchor',
        message: expect.stringMatching(message),
      });
    }
  });

  it('paginates lists newest first with limit, starting_after, ending_before and created filters', async () => {
    const made: Stripe.Customer[] = [];
    for (let i = 0; i < 5; i++) made.push(await stripe.customers.create({ email: `page${i}@example.org` }));
    const ids = made.map((c) => c.id).reverse();
    const first = await stripe.customers.list({ limit: 2 });
    expect(first).toMatchObject({ object: 'list', has_more: true, url: '/v1/customers' });
    expect(first.data.map((c) => c.id)).toEqual(ids.slice(0, 2));
    const second = await stripe.customers.list({ limit: 2, starting_after: first.data[1].id });
    expect(second.data.map((c) => c.id)).toEqual(ids.slice(2, 4));
    const back = await stripe.customers.list({ limit: 2, ending_before: second.data[0].id });
    expect(back.data.map((c) => c.id)).toEqual(ids.slice(0, 2));
    expect(back.has_more).toBe(false);
    const all = await stripe.customers
      .list({ limit: 100, created: { gte: made[0].created } })
      .autoPagingToArray({ limit: 1000 });
    expect(all.map((c) => c.id)).toEqual(expect.arrayContaining(ids));
    await expect(stripe.customers.list({ limit: 101 })).rejects.toMatchObject({ statusCode: 400, param: 'limit' });
  });

  it('deletes a customer and keeps answering the deleted stub', async () => {
    const c = await stripe.customers.create({ email: 'gone@example.org' });
    await expect(stripe.customers.del(c.id)).resolves.toEqual({ id: c.id, object: 'customer', deleted: true });
    await expect(stripe.customers.retrieve(c.id)).resolves.toEqual({ id: c.id, object: 'customer', deleted: true });
  });

  it('opens and closes disputes through the test helpers', async () => {
    const pi = await confirmWith('pm_card_visa', 3000);
    const chargeId = (pi.latest_charge as Stripe.Charge).id;
    const opened = await (
      await fetch(`${emulator.url}/_emulator/charges/${chargeId}/dispute`, { method: 'POST', body: '{}' })
    ).json();
    expect(opened).toMatchObject({ object: 'dispute', charge: chargeId, amount: 3000, status: 'needs_response' });
    expect((await stripe.charges.retrieve(chargeId)).disputed).toBe(true);
    const closed = await (
      await fetch(`${emulator.url}/_emulator/disputes/${opened.id}/close`, { method: 'POST', body: '{"status":"won"}' })
    ).json();
    expect(closed.status).toBe('won');
    expect((await stripe.disputes.retrieve(opened.id)).status).toBe('won');
  });

  it('shapes objects like fixtures3.json (allowing fields the current API version removed)', async () => {
    const customer = await stripe.customers.create({ email: 'shape@example.org' });
    const pi = await confirmWith('pm_card_visa', 1000, customer.id);
    const charge = await stripe.charges.retrieve((pi.latest_charge as Stripe.Charge).id);
    const refund = await stripe.refunds.create({ charge: charge.id, amount: 100 });
    const pm = await stripe.paymentMethods.retrieve(pi.payment_method as string);
    const product = await stripe.products.create({ name: 'Quarterly gift' });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      payment_behavior: 'default_incomplete',
      items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: 1000,
            product: product.id,
            recurring: { interval: 'month', interval_count: 3 },
          },
        },
      ],
    });
    expect(sub.items.data[0].price).toMatchObject({
      product: product.id,
      recurring: { interval: 'month', interval_count: 3 },
    });
    expect(sub.items.data[0].current_period_end - sub.items.data[0].current_period_start).toBeGreaterThan(88 * 86400);
    const invoice = await stripe.invoices.retrieve(sub.latest_invoice as string);
    const event = (await stripe.events.list({ limit: 1 })).data[0];
    const checks: Array<[string, object, string, string]> = [
      ['customer', customer, 'Customers.d.ts', 'Customer'],
      ['payment_intent', pi, 'PaymentIntents.d.ts', 'PaymentIntent'],
      ['charge', charge, 'Charges.d.ts', 'Charge'],
      ['refund', refund, 'Refunds.d.ts', 'Refund'],
      ['subscription', sub, 'Subscriptions.d.ts', 'Subscription'],
      ['invoice', invoice, 'Invoices.d.ts', 'Invoice'],
      ['payment_method', pm, 'PaymentMethods.d.ts', 'PaymentMethod'],
      ['event', event, 'Events.d.ts', 'EventBase'],
    ];
    for (const [kind, ours, file, iface] of checks) {
      expect({ kind, missing: missingFixtureKeys(kind, ours, file, iface) }).toEqual({ kind, missing: [] });
      expect((ours as { object: string }).object).toBe(FIXTURES[kind].object);
      expect((ours as { id: string }).id.split('_')[0]).toBe(String(FIXTURES[kind].id).split('_')[0]);
    }
    expect(event.api_version).toBe(Stripe.API_VERSION);
  });

  it('filters events by type, types[] and created', async () => {
    const byType = await stripe.events.list({ type: 'charge.refunded', limit: 100 });
    expect(byType.data.length).toBeGreaterThan(0);
    expect(byType.data.every((e) => e.type === 'charge.refunded')).toBe(true);
    const byTypes = await stripe.events.list({ types: ['invoice.paid', 'refund.created'], limit: 100 });
    expect(new Set(byTypes.data.map((e) => e.type))).toEqual(new Set(['invoice.paid', 'refund.created']));
    const future = await stripe.events.list({ created: { gt: emulator.now() + 1000 } });
    expect(future.data).toEqual([]);
    const one = await stripe.events.retrieve(byType.data[0].id);
    expect(one).toMatchObject({
      object: 'event',
      livemode: false,
      type: 'charge.refunded',
      data: { previous_attributes: { amount_refunded: expect.any(Number) } },
    });
  });

  it('delivers every event, signed, retrying failed deliveries', async () => {
    failNext = 3;
    await stripe.customers.create({ email: 'retry@example.org' });
    await emulator.flushWebhooks(15000);
    const all = await stripe.events.list({ limit: 100 }).autoPagingToArray({ limit: 10000 });
    expect(rejected).toEqual([]);
    expect(new Set(delivered.map((e) => e.id))).toEqual(new Set(all.map((e) => e.id)));
    expect(emulator.deliveries().some((d) => !d.ok && d.status === 500)).toBe(true);
    const types = new Set(delivered.map((e) => e.type));
    for (const t of [
      'customer.created',
      'customer.updated',
      'customer.deleted',
      'payment_intent.created',
      'payment_intent.succeeded',
      'payment_intent.payment_failed',
      'charge.succeeded',
      'charge.failed',
      'charge.refunded',
      'refund.created',
      'charge.dispute.created',
      'charge.dispute.closed',
      'payment_method.attached',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'customer.subscription.created',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]) {
      expect(types).toContain(t);
    }
    const upd = delivered.find(
      (e) =>
        e.type === 'customer.subscription.updated' &&
        (e.data.previous_attributes as { status?: string })?.status === 'incomplete',
    );
    expect(upd?.data.object).toMatchObject({ status: 'active' });
  });

  it('applies delivery faults: duplicates, shuffle, delay and drops (dropped ones are retried)', async () => {
    await emulator.flushWebhooks(15000);
    const before = delivered.length;
    emulator.setFaults({ duplicates: 2, shuffle: true, delayMs: 2, dropRate: 0.5 });
    try {
      const made: string[] = [];
      for (let i = 0; i < 6; i++) made.push((await stripe.customers.create({ email: `fault${i}@example.org` })).id);
      await emulator.flushWebhooks(15000);
      const fresh = delivered.slice(before).filter((e) => e.type === 'customer.created');
      const perCustomer = made.map((id) => fresh.filter((e) => (e.data.object as Stripe.Customer).id === id).length);
      expect(perCustomer).toEqual([2, 2, 2, 2, 2, 2]);
      expect(emulator.deliveries().some((d) => d.dropped)).toBe(true);
    } finally {
      emulator.setFaults({});
    }
  });

  it('persists its state to statePath and loads it at the next start', async () => {
    const statePath = path.join(mkdtempSync(path.join(tmpdir(), 'stripe-emu-')), 'state.json');
    const first = await startEmulator({ port: 0, statePath });
    const base = new URL(first.url);
    const client = new Stripe(first.secretKey, { host: base.hostname, port: Number(base.port), protocol: 'http' });
    const c = await client.customers.create({ email: 'kept@example.org' });
    await first.stop();
    const second = await startEmulator({ port: 0, statePath });
    try {
      const b2 = new URL(second.url);
      const client2 = new Stripe(second.secretKey, { host: b2.hostname, port: Number(b2.port), protocol: 'http' });
      await expect(client2.customers.retrieve(c.id)).resolves.toMatchObject({ email: 'kept@example.org' });
    } finally {
      await second.stop();
    }
  });
});
