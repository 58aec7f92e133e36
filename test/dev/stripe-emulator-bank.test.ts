import type Stripe from 'stripe';
import { DAY, emulatorHelper, missingFixtureKeys, sdkFor } from '../helpers/stripe-shapes.js';
import { startEmulator, type StripeEmulator } from '../../dev/stripe-emulator/src/index.js';

/**
 * Payment method types as API 2026-10-28.endive has them, US bank account (ACH Direct Debit) payments that
 * process for days on the emulator clock, subscriptions paid by bank, and SetupIntents; all through the SDK.
 */
describe('Stripe emulator: payment method types, US bank accounts and SetupIntents', () => {
  let emulator: StripeEmulator;
  let stripe: Stripe;
  const ONLINE = {
    customer_acceptance: {
      type: 'online' as const,
      online: { ip_address: '203.0.113.7', user_agent: 'Mozilla/5.0 (test)' },
    },
  };
  const bankData = (account: string, name = 'Ann Lee') => ({
    type: 'us_bank_account' as const,
    billing_details: { name, email: 'ann@example.org' },
    us_bank_account: {
      routing_number: '110000000',
      account_number: account,
      account_holder_type: 'individual' as const,
    },
  });
  const eventsOf = async (id: string) =>
    (await stripe.events.list({ limit: 100 }).autoPagingToArray({ limit: 10000 }))
      .filter((e) => (e.data.object as { id: string }).id === id)
      .map((e) => e.type)
      .reverse();

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    stripe = sdkFor(emulator);
  });
  afterAll(() => emulator?.stop());

  it('uses dynamic payment methods by default, narrows allowed_payment_method_types, and refuses payment_method_types', async () => {
    const auto = await stripe.paymentIntents.create({ amount: 2000, currency: 'usd' });
    expect(auto).toMatchObject({
      automatic_payment_methods: { enabled: true, allow_redirects: 'always' },
      allowed_payment_method_types: null,
      payment_method_types: ['card', 'link', 'us_bank_account'],
      payment_method_configuration_details: { id: expect.stringMatching(/^pmc_/), parent: null },
      payment_method_options: { us_bank_account: { verification_method: 'automatic' } },
    });
    const allowed = await stripe.paymentIntents.create({
      amount: 2000,
      currency: 'usd',
      allowed_payment_method_types: ['us_bank_account', 'ideal', 'card'],
    });
    expect(allowed).toMatchObject({
      automatic_payment_methods: null,
      allowed_payment_method_types: ['us_bank_account', 'ideal', 'card'],
      payment_method_types: ['card', 'us_bank_account'],
    });
    const excluded = await stripe.paymentIntents.create({
      amount: 2000,
      currency: 'usd',
      excluded_payment_method_types: ['link'],
    });
    expect(excluded.payment_method_types).toEqual(['card', 'us_bank_account']);
    expect((await stripe.paymentIntents.create({ amount: 2000, currency: 'eur' })).payment_method_types).toEqual([
      'card',
      'link',
    ]);

    const legacy = {
      amount: 2000,
      currency: 'usd',
      payment_method_types: ['card'],
    } as Stripe.PaymentIntentCreateParams;
    await expect(stripe.paymentIntents.create(legacy)).rejects.toMatchObject({
      statusCode: 400,
      code: 'payment_method_types_no_longer_supported',
      param: 'payment_method_types',
    });
    await expect(
      stripe.paymentIntents.update(auto.id, { payment_method_types: ['card'] } as Stripe.PaymentIntentUpdateParams),
    ).rejects.toMatchObject({ code: 'payment_method_types_no_longer_supported' });
    await expect(
      stripe.paymentIntents.confirm(auto.id, {
        payment_method: 'pm_card_visa',
        payment_method_types: ['card'],
      } as Stripe.PaymentIntentConfirmParams),
    ).rejects.toMatchObject({ code: 'payment_method_types_no_longer_supported' });
    await expect(
      stripe.paymentIntents.create({
        amount: 2000,
        currency: 'usd',
        allowed_payment_method_types: ['card'],
        automatic_payment_methods: { enabled: true },
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameters_exclusive' });
    await expect(
      stripe.paymentIntents.create({
        amount: 2000,
        currency: 'eur',
        allowed_payment_method_types: ['us_bank_account'],
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'allowed_payment_method_types' });

    const cardOnly = await stripe.paymentIntents.update(auto.id, { allowed_payment_method_types: ['card'] });
    expect(cardOnly.payment_method_types).toEqual(['card']);
    const bankPm = await stripe.paymentMethods.create(bankData('000123456789'));
    await expect(
      stripe.paymentIntents.confirm(auto.id, { payment_method: bankPm.id, mandate_data: ONLINE }),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: 'payment_intent_incompatible_payment_method',
      message: expect.stringContaining('(us_bank_account) is not allowed'),
    });
  });

  it("creates US bank account payment methods with Stripe's shape and refuses bad routing numbers and missing names", async () => {
    const pm = await stripe.paymentMethods.create(bankData('000123456789'));
    expect(pm).toMatchObject({
      object: 'payment_method',
      type: 'us_bank_account',
      billing_details: { name: 'Ann Lee' },
      us_bank_account: {
        bank_name: 'STRIPE TEST BANK',
        last4: '6789',
        routing_number: '110000000',
        account_type: 'checking',
        account_holder_type: 'individual',
        networks: { preferred: 'ach', supported: ['ach'] },
      },
    });
    expect(
      missingFixtureKeys('payment_method', pm, 'PaymentMethods.d.ts', 'PaymentMethod').filter((k) => k !== 'card'),
    ).toEqual([]);
    expect(JSON.stringify(pm)).not.toContain('000123456789');
    await expect(
      stripe.paymentMethods.create({
        ...bankData('000123456789'),
        us_bank_account: { routing_number: '110000001', account_number: '000123456789' },
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'us_bank_account[routing_number]' });
    await expect(
      stripe.paymentMethods.create({ ...bankData('000123456789'), billing_details: {} }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'billing_details[name]' });
  });

  it('processes a bank payment for four days, then succeeds with a 0.8% fee capped at $5', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 100000, currency: 'usd', description: 'Gift by bank' });
    const processing = await stripe.paymentIntents.confirm(pi.id, {
      payment_method_data: bankData('000123456789'),
      mandate_data: ONLINE,
      expand: ['latest_charge'],
    });
    expect(processing.status).toBe('processing');
    const pending = processing.latest_charge as Stripe.Charge;
    expect(pending).toMatchObject({
      object: 'charge',
      status: 'pending',
      paid: false,
      balance_transaction: null,
      amount: 100000,
      payment_method_details: { type: 'us_bank_account' },
    });
    expect(pending.id).toMatch(/^py_/);
    const details = pending.payment_method_details!.us_bank_account!;
    expect(details).toMatchObject({
      bank_name: 'STRIPE TEST BANK',
      last4: '6789',
      routing_number: '110000000',
      account_type: 'checking',
    });
    const mandate = await stripe.mandates.retrieve(details.mandate as string);
    expect(mandate).toMatchObject({
      object: 'mandate',
      status: 'active',
      type: 'single_use',
      single_use: { amount: 100000, currency: 'usd' },
      payment_method: processing.payment_method,
      customer_acceptance: { type: 'online', online: { ip_address: '203.0.113.7' } },
    });
    expect(await eventsOf(pi.id)).toEqual(['payment_intent.created', 'payment_intent.processing']);

    await emulator.advanceClock(4 * DAY - 60);
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('processing');
    await emulator.advanceClock(120);
    const done = await stripe.paymentIntents.retrieve(pi.id, { expand: ['latest_charge.balance_transaction'] });
    expect(done).toMatchObject({ status: 'succeeded', amount_received: 100000 });
    const charge = done.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({
      status: 'succeeded',
      paid: true,
      balance_transaction: { amount: 100000, fee: 500, net: 99500, type: 'charge' },
    });
    expect(await eventsOf(charge.id)).toEqual(['charge.pending', 'charge.succeeded']);
    expect(missingFixtureKeys('charge', charge, 'Charges.d.ts', 'Charge')).toEqual([]);
    // A single-use mandate has `single_use` where the fixture's multi-use one has `multi_use`.
    expect(missingFixtureKeys('mandate', mandate, 'Mandates.d.ts', 'Mandate')).toEqual(['multi_use']);
    const refund = await stripe.refunds.create({ charge: charge.id, amount: 1000 });
    expect(refund.destination_details).toMatchObject({ type: 'us_bank_transfer' });
    expect(await eventsOf(pi.id)).toEqual([
      'payment_intent.created',
      'payment_intent.processing',
      'payment_intent.succeeded',
    ]);

    const small = await stripe.paymentIntents.create({
      amount: 10000,
      currency: 'usd',
      confirm: true,
      payment_method_data: bankData('000123456789'),
      mandate_data: ONLINE,
    });
    await emulator.advanceClock(4 * DAY);
    const fee = (
      await stripe.balanceTransactions.list({
        source: (await stripe.paymentIntents.retrieve(small.id)).latest_charge as string,
      })
    ).data[0].fee;
    expect(fee).toBe(80);
  });

  it("fails a bank payment after processing with Stripe's failure code, and asks for a mandate on session", async () => {
    const pi = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' });
    await expect(
      stripe.paymentIntents.confirm(pi.id, { payment_method_data: bankData('000111111116') }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'mandate_data' });
    expect(
      (
        await stripe.paymentIntents.confirm(pi.id, {
          payment_method_data: bankData('000111111116'),
          mandate_data: ONLINE,
        })
      ).status,
    ).toBe('processing');
    await emulator.advanceClock(4 * DAY);
    const failed = await stripe.paymentIntents.retrieve(pi.id, { expand: ['latest_charge'] });
    expect(failed).toMatchObject({
      status: 'requires_payment_method',
      payment_method: null,
      last_payment_error: {
        code: 'no_account',
        message: 'The bank account could not be located.',
        payment_method_type: 'us_bank_account',
        payment_method: { type: 'us_bank_account' },
      },
    });
    expect(failed.latest_charge).toMatchObject({
      status: 'failed',
      failure_code: 'no_account',
      balance_transaction: null,
      outcome: { type: 'issuer_declined' },
    });
    expect(await eventsOf(pi.id)).toEqual([
      'payment_intent.created',
      'payment_intent.processing',
      'payment_intent.payment_failed',
    ]);
    expect(await eventsOf((failed.latest_charge as Stripe.Charge).id)).toEqual(['charge.pending', 'charge.failed']);

    const poor = await stripe.paymentIntents.create({
      amount: 5000,
      currency: 'usd',
      confirm: true,
      payment_method_data: bankData('000222222227'),
      mandate_data: ONLINE,
    });
    await emulator.advanceClock(4 * DAY);
    expect((await stripe.paymentIntents.retrieve(poor.id)).last_payment_error?.code).toBe('insufficient_funds');
  });

  it("keeps a subscription's first invoice open while its bank payment processes, then activates it and renews from the saved account", async () => {
    const customer = await stripe.customers.create({ email: 'bank@example.org', name: 'Bea Bank' });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      payment_behavior: 'default_incomplete',
      payment_settings: {
        save_default_payment_method: 'on_subscription',
        payment_method_types: ['card', 'us_bank_account'],
      },
      items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: 2500,
            product_data: { name: 'Monthly gift' },
            recurring: { interval: 'month' },
          } as unknown as Stripe.SubscriptionCreateParams.Item.PriceData,
        },
      ],
      expand: ['latest_invoice.payment_intent'],
    });
    const invoice = sub.latest_invoice as Stripe.Invoice & { payment_intent: Stripe.PaymentIntent };
    expect(invoice.payment_intent.payment_method_types).toEqual(['card', 'us_bank_account']);
    expect(invoice.payment_settings.payment_method_types).toEqual(['card', 'us_bank_account']);
    const confirmed = await stripe.paymentIntents.confirm(invoice.payment_intent.id, {
      payment_method_data: bankData('000123456789', 'Bea Bank'),
      mandate_data: ONLINE,
    });
    expect(confirmed.status).toBe('processing');

    // Past the 23 hours an unpaid first invoice gets: still waiting for the bank, not expired.
    await emulator.advanceClock(2 * DAY);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('incomplete');
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe('open');
    await emulator.advanceClock(2 * DAY);
    const active = await stripe.subscriptions.retrieve(sub.id);
    expect(active).toMatchObject({ status: 'active', default_payment_method: confirmed.payment_method });
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe('paid');
    const pm = await stripe.paymentMethods.retrieve(confirmed.payment_method as string);
    expect(pm.customer).toBe(customer.id);

    await emulator.advanceClock(active.items.data[0].current_period_end - emulator.now() + 60);
    const renewal = (await stripe.invoices.list({ subscription: sub.id })).data[0];
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', status: 'open' });
    await emulator.advanceClock(4 * DAY);
    expect((await stripe.invoices.retrieve(renewal.id)).status).toBe('paid');
    const charges = await stripe.charges.list({ customer: customer.id });
    expect(
      charges.data.map((c) => [
        c.status,
        (c.payment_method_details?.us_bank_account?.mandate as string | undefined)?.slice(0, 8),
      ]),
    ).toEqual([
      ['succeeded', 'mandate_'],
      ['succeeded', 'mandate_'],
    ]);
    expect(charges.data[0].payment_method_details?.us_bank_account?.mandate).toBe(
      charges.data[1].payment_method_details?.us_bank_account?.mandate,
    );
  });

  it("fails a subscription's first bank payment: the invoice records the failure, then the subscription expires", async () => {
    const customer = await stripe.customers.create({ email: 'closed@example.org' });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      payment_behavior: 'default_incomplete',
      items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: 4000,
            product_data: { name: 'Monthly gift' },
            recurring: { interval: 'month' },
          } as unknown as Stripe.SubscriptionCreateParams.Item.PriceData,
        },
      ],
      expand: ['latest_invoice.payment_intent'],
    });
    const invoice = sub.latest_invoice as Stripe.Invoice & { payment_intent: Stripe.PaymentIntent };
    await stripe.paymentIntents.confirm(invoice.payment_intent.id, {
      payment_method_data: bankData('000111111113'),
      mandate_data: ONLINE,
    });
    await emulator.advanceClock(4 * DAY);
    // The failure is recorded when the bank answers; the 23 hours being long past, the subscription then expires.
    expect(await eventsOf(invoice.id)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.payment_failed',
      'invoice.voided',
    ]);
    expect((await stripe.paymentIntents.retrieve(invoice.payment_intent.id)).last_payment_error?.code).toBe(
      'account_closed',
    );
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('incomplete_expired');
  });

  it('saves a bank account or a card with a SetupIntent, with a multi-use mandate, and answers a declined card as Stripe does', async () => {
    const customer = await stripe.customers.create({ email: 'saver@example.org' });
    const si = await stripe.setupIntents.create({
      customer: customer.id,
      allowed_payment_method_types: ['card', 'us_bank_account'],
    });
    expect(si).toMatchObject({
      object: 'setup_intent',
      status: 'requires_payment_method',
      usage: 'off_session',
      payment_method_types: ['card', 'us_bank_account'],
    });
    expect(si.client_secret).toMatch(new RegExp(`^${si.id}_secret_`));
    expect(missingFixtureKeys('setup_intent', si, 'SetupIntents.d.ts', 'SetupIntent')).toEqual([]);
    const saved = await stripe.setupIntents.confirm(si.id, {
      payment_method_data: bankData('000123456789'),
      mandate_data: ONLINE,
    });
    expect(saved).toMatchObject({ status: 'succeeded', mandate: expect.stringMatching(/^mandate_/) });
    expect(await stripe.mandates.retrieve(saved.mandate as string)).toMatchObject({ type: 'multi_use', multi_use: {} });
    expect((await stripe.paymentMethods.retrieve(saved.payment_method as string)).customer).toBe(customer.id);
    expect(await eventsOf(si.id)).toEqual(['setup_intent.created', 'setup_intent.succeeded']);

    // Off session, later: the saved mandate is enough.
    const later = await stripe.paymentIntents.create({
      amount: 3000,
      currency: 'usd',
      customer: customer.id,
      payment_method: saved.payment_method as string,
      off_session: true,
      confirm: true,
    });
    expect(later.status).toBe('processing');

    const card = await stripe.setupIntents.create({ customer: customer.id });
    await expect(
      stripe.setupIntents.confirm(card.id, { payment_method: 'pm_card_chargeDeclined' }),
    ).rejects.toMatchObject({ statusCode: 402, type: 'StripeCardError', code: 'card_declined' });
    expect(await stripe.setupIntents.retrieve(card.id)).toMatchObject({
      status: 'requires_payment_method',
      last_setup_error: { code: 'card_declined', type: 'card_error' },
    });
    expect(await stripe.setupIntents.confirm(card.id, { payment_method: 'pm_card_visa' })).toMatchObject({
      status: 'succeeded',
      mandate: null,
    });
    await expect(stripe.setupIntents.confirm(card.id, { payment_method: 'pm_card_visa' })).rejects.toMatchObject({
      statusCode: 400,
      code: 'setup_intent_unexpected_state',
    });
    await expect(
      stripe.setupIntents.create({ payment_method_types: ['card'] } as Stripe.SetupIntentCreateParams),
    ).rejects.toMatchObject({ code: 'payment_method_types_no_longer_supported' });

    // With the publishable key (as Stripe.js), only with the client secret.
    const pk = (path: string) =>
      fetch(`${emulator.url}${path}`, { headers: { authorization: `Bearer ${emulator.publishableKey}` } });
    expect((await pk(`/v1/setup_intents/${si.id}`)).status).toBe(400);
    expect((await pk(`/v1/setup_intents/${si.id}?client_secret=${si.client_secret}`)).status).toBe(200);
  });

  it('switches a card plan to a bank account saved by SetupIntent: an unpaid renewal paid with it processes, then the plan renews from the account', async () => {
    const customer = await stripe.customers.create({ email: 'switch@example.org', name: 'Sid Switch' });
    const card = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customer.id });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      default_payment_method: card.id,
      billing_cycle_anchor: emulator.now() + DAY,
      proration_behavior: 'none',
      items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: 2500,
            product_data: { name: 'Monthly gift' },
            recurring: { interval: 'month' },
          } as unknown as Stripe.SubscriptionCreateParams.Item.PriceData,
        },
      ],
    });
    await emulator.advanceClock(DAY + 60);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('past_due');
    const [unpaid] = (await stripe.invoices.list({ subscription: sub.id, status: 'open' })).data;

    const si = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
    const saved = await stripe.setupIntents.confirm(si.id, {
      payment_method_data: bankData('000123456789', 'Sid Switch'),
      mandate_data: ONLINE,
      expand: ['latest_attempt'],
    });
    expect(saved.latest_attempt).toMatchObject({
      status: 'succeeded',
      payment_method_details: { type: 'us_bank_account', us_bank_account: {} },
    });
    const bank = saved.payment_method as string;
    await stripe.subscriptions.update(sub.id, { default_payment_method: bank });

    // Paying the missed renewal with the account: accepted, and open until the bank answers four days later.
    const paying = await stripe.invoices.pay(unpaid.id, { payment_method: bank });
    expect(paying.status).toBe('open');
    const pi = (await stripe.paymentIntents.list({ customer: customer.id })).data.find(
      (p) => p.payment_method === bank,
    )!;
    expect(pi.status).toBe('processing');
    await emulator.advanceClock(4 * DAY);
    expect((await stripe.invoices.retrieve(unpaid.id)).status).toBe('paid');
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');

    // The next renewal is debited from the account, with the SetupIntent's mandate.
    const end = (await stripe.subscriptions.retrieve(sub.id)).items.data[0].current_period_end;
    await emulator.advanceClock(end - emulator.now() + 60);
    await emulator.advanceClock(4 * DAY);
    const charges = (await stripe.charges.list({ customer: customer.id })).data;
    expect(
      charges.map((c) => [
        c.status,
        c.payment_method_details?.type,
        c.payment_method_details?.us_bank_account?.last4 ?? c.payment_method_details?.card?.last4,
      ]),
    ).toEqual([
      ['succeeded', 'us_bank_account', '6789'],
      ['succeeded', 'us_bank_account', '6789'],
      ['failed', 'card', '0341'],
    ]);
    expect(charges[0].payment_method_details?.us_bank_account?.mandate).toBe(saved.mandate);
    expect(await eventsOf(si.id)).toEqual(['setup_intent.created', 'setup_intent.succeeded']);
  });

  it('pays a settled bank payment out with the card gifts, net of its own fee', async () => {
    await emulatorHelper(emulator, 'money', { payoutHour: 12 });
    const before = new Set((await stripe.payouts.list({ limit: 100 })).data.map((p) => p.id));
    const pi = await stripe.paymentIntents.create({
      amount: 25000,
      currency: 'usd',
      confirm: true,
      payment_method_data: bankData('000123456789'),
      mandate_data: ONLINE,
    });
    await emulator.advanceClock(7 * DAY);
    const chargeId = (await stripe.paymentIntents.retrieve(pi.id)).latest_charge as string;
    const fresh = (await stripe.payouts.list({ limit: 100 })).data.filter((p) => !before.has(p.id));
    const lines = (
      await Promise.all(fresh.map((p) => stripe.balanceTransactions.list({ payout: p.id, limit: 100 })))
    ).flatMap((l) => l.data);
    expect(lines.find((t) => t.source === chargeId)).toMatchObject({ amount: 25000, fee: 200, net: 24800 });
    expect(fresh.every((p) => new Date(p.created * 1000).getUTCHours() === 12)).toBe(true);
  });
});
