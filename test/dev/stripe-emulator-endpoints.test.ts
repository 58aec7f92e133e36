import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { FIXTURES, missingFixtureKeys } from '../helpers/stripe-shapes.js';
import { sdkFor } from '../helpers/stripe-shapes.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { startEmulator, type StripeEmulator } from '../../dev/stripe-emulator/src/index.js';

const OPTION_SECRET = 'whsec_endpoints_option_secret';

/** SetupIntents, `/v1/webhook_endpoints` and concurrent delivery, through the official SDK. */
describe('Stripe emulator: SetupIntents, webhook endpoints, concurrent delivery', () => {
  let emulator: StripeEmulator;
  let stripe: Stripe;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, webhookSecret: OPTION_SECRET, retryBaseMs: 20 });
    stripe = sdkFor(emulator);
  });

  afterAll(async () => {
    await emulator?.stop();
    await Promise.all(receivers.map((r) => r.close()));
  });

  async function receiver(secrets: string[], delayMs = 0): Promise<WebhookReceiver> {
    const r = await startWebhookReceiver(secrets, delayMs);
    receivers.push(r);
    return r;
  }

  const eventsOf = async (objectId: string) =>
    (await stripe.events.list({ limit: 100 }).autoPagingToArray({ limit: 10000 }))
      .filter((e) => (e.data.object as { id: string }).id === objectId)
      .reverse();

  /** Stripe.js's side of a SetupIntent: the publishable key and the client secret, over plain HTTP. */
  async function asBrowser(
    method: 'GET' | 'POST',
    urlPath: string,
    params: Record<string, string>,
  ): Promise<{ status: number; body: any }> {
    const form = new URLSearchParams(params).toString();
    const res = await fetch(`${emulator.url}${urlPath}${method === 'GET' ? `?${form}` : ''}`, {
      method,
      body: method === 'POST' ? form : undefined,
      headers: {
        authorization: `Bearer ${emulator.publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    return { status: res.status, body: await res.json() };
  }

  describe('SetupIntents', () => {
    it('saves a card for a customer: created, confirmed, attached, with its setup attempt', async () => {
      const customer = await stripe.customers.create({ email: 'setup@example.org' });
      const si = await stripe.setupIntents.create({
        customer: customer.id,
        allowed_payment_method_types: ['card'],
        usage: 'off_session',
        metadata: { purpose: 'update card' },
      });
      expect(si).toMatchObject({
        object: 'setup_intent',
        status: 'requires_payment_method',
        customer: customer.id,
        usage: 'off_session',
        payment_method_types: ['card'],
        metadata: { purpose: 'update card' },
      });
      expect(si.client_secret).toMatch(new RegExp(`^${si.id}_secret_\\w+$`));
      const confirmed = await stripe.setupIntents.confirm(si.id, {
        payment_method: 'pm_card_mastercard',
        expand: ['latest_attempt'],
      });
      expect(confirmed).toMatchObject({ status: 'succeeded', last_setup_error: null });
      const pm = await stripe.paymentMethods.retrieve(confirmed.payment_method as string);
      expect(pm).toMatchObject({ customer: customer.id, card: { brand: 'mastercard', last4: '4444' } });
      expect(confirmed.latest_attempt).toMatchObject({
        object: 'setup_attempt',
        status: 'succeeded',
        setup_intent: si.id,
        payment_method: pm.id,
        payment_method_details: { type: 'card', card: { last4: '4444' } },
      });
      const attempts = await stripe.setupAttempts.list({ setup_intent: si.id });
      expect(attempts.data.map((a) => a.id)).toEqual([(confirmed.latest_attempt as Stripe.SetupAttempt).id]);
      expect((await eventsOf(si.id)).map((e) => e.type)).toEqual(['setup_intent.created', 'setup_intent.succeeded']);
      expect((await eventsOf(pm.id)).map((e) => e.type)).toEqual(['payment_method.attached']);
      await expect(stripe.setupIntents.cancel(si.id)).rejects.toMatchObject({
        statusCode: 400,
        code: 'setup_intent_unexpected_state',
      });
      await expect(stripe.setupIntents.confirm(si.id, { payment_method: 'pm_card_visa' })).rejects.toMatchObject({
        statusCode: 400,
        code: 'setup_intent_unexpected_state',
      });
    });

    it('fails the setup of a declining card (402, setup_failed) and lets it be retried with another card', async () => {
      const customer = await stripe.customers.create({ email: 'declined-setup@example.org' });
      const si = await stripe.setupIntents.create({
        customer: customer.id,
        automatic_payment_methods: { enabled: true },
      });
      expect(si.automatic_payment_methods).toMatchObject({ enabled: true });
      const err = await stripe.setupIntents
        .confirm(si.id, { payment_method: 'pm_card_chargeDeclined' })
        .catch((e) => e);
      expect(err).toMatchObject({
        type: 'StripeCardError',
        statusCode: 402,
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      });
      const after = await stripe.setupIntents.retrieve(si.id);
      expect(after).toMatchObject({
        status: 'requires_payment_method',
        payment_method: null,
        last_setup_error: { type: 'card_error', code: 'card_declined' },
      });
      expect((await stripe.paymentMethods.list({ customer: customer.id, type: 'card' })).data).toEqual([]);
      // 0341 sets up fine: only its later charges decline.
      const ok = await stripe.setupIntents.confirm(si.id, { payment_method: 'pm_card_chargeCustomerFail' });
      expect(ok.status).toBe('succeeded');
      expect((await eventsOf(si.id)).map((e) => e.type)).toEqual([
        'setup_intent.created',
        'setup_intent.setup_failed',
        'setup_intent.succeeded',
      ]);
      const attempts = await stripe.setupAttempts.list({ setup_intent: si.id });
      expect(attempts.data.map((a) => a.status)).toEqual(['succeeded', 'failed']);
    });

    it('cancels, and refuses bad parameters', async () => {
      const si = await stripe.setupIntents.create({});
      // Dynamic payment methods: everything the account has switched on.
      expect(si).toMatchObject({
        customer: null,
        usage: 'off_session',
        payment_method_types: ['card', 'link', 'us_bank_account'],
      });
      const canceled = await stripe.setupIntents.cancel(si.id, { cancellation_reason: 'abandoned' });
      expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
      expect((await eventsOf(si.id)).map((e) => e.type)).toEqual(['setup_intent.created', 'setup_intent.canceled']);
      await expect(stripe.setupIntents.create({ usage: 'sometimes' as 'on_session' })).rejects.toMatchObject({
        statusCode: 400,
        param: 'usage',
      });
      await expect(stripe.setupIntents.create({ customer: 'cus_missing' })).rejects.toMatchObject({
        statusCode: 404,
        param: 'customer',
      });
      await expect(
        stripe.setupIntents.create({ payment_method_types: ['card'] } as Stripe.SetupIntentCreateParams),
      ).rejects.toMatchObject({ statusCode: 400, code: 'payment_method_types_no_longer_supported' });
      await expect(stripe.setupIntents.retrieve('seti_missing')).rejects.toMatchObject({
        statusCode: 404,
        code: 'resource_missing',
      });
    });

    it('is confirmed by Stripe.js with the publishable key and client secret, and only with them', async () => {
      const customer = await stripe.customers.create({ email: 'browser-setup@example.org' });
      const si = await stripe.setupIntents.create({ customer: customer.id });
      const secret = si.client_secret!;
      expect(await asBrowser('POST', '/v1/setup_intents', {})).toMatchObject({ status: 401 });
      expect(await asBrowser('GET', `/v1/setup_intents/${si.id}`, {})).toMatchObject({
        status: 400,
        body: { error: { param: 'client_secret' } },
      });
      expect(await asBrowser('GET', `/v1/setup_intents/${si.id}`, { client_secret: secret })).toMatchObject({
        status: 200,
        body: { id: si.id, status: 'requires_payment_method' },
      });
      const card = await asBrowser('POST', '/v1/payment_methods', {
        type: 'card',
        'card[number]': '4242424242424242',
        'card[exp_month]': '12',
        'card[exp_year]': '2040',
        'card[cvc]': '123',
      });
      expect(
        await asBrowser('POST', `/v1/setup_intents/${si.id}/confirm`, {
          client_secret: `${si.id}_secret_wrong`,
          payment_method: card.body.id,
        }),
      ).toMatchObject({ status: 400 });
      const ok = await asBrowser('POST', `/v1/setup_intents/${si.id}/confirm`, {
        client_secret: secret,
        payment_method: card.body.id,
      });
      expect(ok).toMatchObject({ status: 200, body: { status: 'succeeded', payment_method: card.body.id } });
      expect((await stripe.paymentMethods.retrieve(card.body.id)).customer).toBe(customer.id);
      expect(await asBrowser('POST', `/v1/setup_intents/${si.id}/cancel`, {})).toMatchObject({ status: 401 });
    });

    it('shapes setup intents and attempts like fixtures3.json', async () => {
      const si = await stripe.setupIntents.create({ confirm: true, payment_method: 'pm_card_visa' });
      expect(si.status).toBe('succeeded');
      const attempt = await stripe.setupAttempts.list({ setup_intent: si.id });
      for (const [kind, ours, file, iface] of [
        ['setup_intent', si, 'SetupIntents.d.ts', 'SetupIntent'],
        ['setup_attempt', attempt.data[0], 'SetupAttempts.d.ts', 'SetupAttempt'],
      ] as const) {
        expect({ kind, missing: missingFixtureKeys(kind, ours, file, iface) }).toEqual({ kind, missing: [] });
        expect(ours.object).toBe(FIXTURES[kind].object);
        expect(ours.id.split('_')[0]).toBe(String(FIXTURES[kind].id).split('_')[0]);
      }
    });
  });

  describe('webhook endpoints', () => {
    afterEach(async () => {
      for (const we of (await stripe.webhookEndpoints.list({ limit: 100 })).data)
        await stripe.webhookEndpoints.del(we.id);
    });

    it('creates (secret shown once), lists, retrieves, updates and deletes endpoints', async () => {
      const created = await stripe.webhookEndpoints.create({
        url: 'https://hillside.example.org/api/stripe/webhook',
        enabled_events: ['charge.succeeded', 'charge.refunded'],
        api_version: Stripe.API_VERSION as '2026-10-28.endive',
        description: 'School',
        metadata: { env: 'test' },
      });
      expect(created).toMatchObject({
        object: 'webhook_endpoint',
        status: 'enabled',
        api_version: Stripe.API_VERSION,
        description: 'School',
        metadata: { env: 'test' },
        livemode: false,
      });
      expect(created.secret).toMatch(/^whsec_\w{32}$/);
      expect({
        missing: missingFixtureKeys('webhook_endpoint', created, 'WebhookEndpoints.d.ts', 'WebhookEndpoint'),
      }).toEqual({ missing: [] });
      const fetched = await stripe.webhookEndpoints.retrieve(created.id);
      expect(fetched.secret).toBeUndefined();
      expect(fetched.enabled_events).toEqual(['charge.succeeded', 'charge.refunded']);
      const updated = await stripe.webhookEndpoints.update(created.id, {
        url: 'https://hillside.example.org/hooks',
        enabled_events: ['*'],
        disabled: true,
        metadata: { env: '' },
      });
      expect(updated).toMatchObject({
        url: 'https://hillside.example.org/hooks',
        enabled_events: ['*'],
        status: 'disabled',
        metadata: {},
      });
      expect(updated.secret).toBeUndefined();
      expect((await stripe.webhookEndpoints.update(created.id, { disabled: false })).status).toBe('enabled');
      expect((await stripe.webhookEndpoints.list()).data.map((w) => w.id)).toEqual([created.id]);
      await expect(stripe.webhookEndpoints.del(created.id)).resolves.toEqual({
        id: created.id,
        object: 'webhook_endpoint',
        deleted: true,
      });
      await expect(stripe.webhookEndpoints.retrieve(created.id)).rejects.toMatchObject({
        statusCode: 404,
        code: 'resource_missing',
      });
    });

    it('refuses a bad url, missing or malformed enabled_events', async () => {
      await expect(stripe.webhookEndpoints.create({ url: 'not a url', enabled_events: ['*'] })).rejects.toMatchObject({
        statusCode: 400,
        param: 'url',
      });
      await expect(
        stripe.webhookEndpoints.create({ url: 'ftp://example.org/x', enabled_events: ['*'] }),
      ).rejects.toMatchObject({ statusCode: 400, param: 'url' });
      await expect(
        stripe.webhookEndpoints.create({ url: 'https://example.org/x' } as Stripe.WebhookEndpointCreateParams),
      ).rejects.toMatchObject({ statusCode: 400, param: 'enabled_events' });
      await expect(
        stripe.webhookEndpoints.create({ url: 'https://example.org/x', enabled_events: ['charge succeeded' as '*'] }),
      ).rejects.toMatchObject({ statusCode: 400, param: 'enabled_events[0]' });
      expect((await stripe.webhookEndpoints.list()).data).toEqual([]);
    });

    it("delivers each event to every enabled endpoint whose enabled_events match, signed with that endpoint's own secret", async () => {
      const configured = await receiver([OPTION_SECRET]);
      emulator.setWebhookUrls([configured.url]);
      try {
        // Each receiver learns only its own endpoint's secret: a delivery signed with any other is refused.
        const endpoint = async (events: Stripe.WebhookEndpointCreateParams.EnabledEvent[]) => {
          const r = await receiver([]);
          const we = await stripe.webhookEndpoints.create({ url: r.url, enabled_events: events });
          r.secrets.push(we.secret!);
          return { r, we };
        };
        const all = await endpoint(['*']);
        const charges = await endpoint(['charge.succeeded', 'charge.refunded']);
        const disabled = await endpoint(['*']);
        await stripe.webhookEndpoints.update(disabled.we.id, { disabled: true });

        const customer = await stripe.customers.create({ email: 'endpoints@example.org' });
        const pi = await stripe.paymentIntents.create({
          amount: 2000,
          currency: 'usd',
          customer: customer.id,
          confirm: true,
          payment_method: 'pm_card_visa',
        });
        await emulator.flushWebhooks(15000);
        const types = (r: WebhookReceiver) => r.events.map((e) => e.type).sort();
        expect(types(configured)).toEqual([
          'charge.succeeded',
          'customer.created',
          'payment_intent.created',
          'payment_intent.succeeded',
        ]);
        expect(types(all.r)).toEqual(types(configured));
        expect(types(charges.r)).toEqual(['charge.succeeded']);
        expect(disabled.r.events.length + disabled.r.rejected).toBe(0);
        expect(configured.rejected + all.r.rejected + charges.r.rejected).toBe(0);
        // pending_webhooks: how many endpoints each event was sent to, counted down as they acknowledge.
        expect(all.r.events.find((e) => e.type === 'charge.succeeded')?.pending_webhooks).toBe(3);
        expect(all.r.events.find((e) => e.type === 'customer.created')?.pending_webhooks).toBe(2);
        const charge = (await stripe.events.list({ type: 'charge.succeeded', limit: 100 })).data.find(
          (e) => (e.data.object as Stripe.Charge).payment_intent === pi.id,
        )!;
        expect(charge.pending_webhooks).toBe(0);
        expect(
          new Set(
            emulator
              .deliveries()
              .filter((d) => d.eventId === charge.id)
              .map((d) => d.endpoint ?? d.url),
          ),
        ).toEqual(new Set([configured.url, all.we.id, charges.we.id]));
      } finally {
        emulator.setWebhookUrls([]);
      }
    });

    it('stops delivering to an endpoint once it is disabled or deleted, pending retries included', async () => {
      for (const stop of ['disable', 'delete'] as const) {
        const refusing = await receiver([]); // knows no secret: answers 400, so every delivery is retried
        const we = await stripe.webhookEndpoints.create({ url: refusing.url, enabled_events: ['customer.created'] });
        await stripe.customers.create({ email: `${stop}@example.org` });
        const attempts = () => emulator.deliveries().filter((d) => d.endpoint === we.id).length;
        while (attempts() < 2) await new Promise((r) => setTimeout(r, 10));
        if (stop === 'disable') await stripe.webhookEndpoints.update(we.id, { disabled: true });
        else await stripe.webhookEndpoints.del(we.id);
        await emulator.flushWebhooks(5000);
        const after = attempts();
        // Nothing queued, in flight or scheduled for a retry (pending counts all three): no delivery is to come.
        expect(emulator.pendingWebhooks()).toBe(0);
        await emulator.flushWebhooks(5000);
        expect(attempts()).toBe(after);
      }
    });

    it('keeps endpoints and their secrets in the state file across a restart', async () => {
      const statePath = path.join(mkdtempSync(path.join(tmpdir(), 'stripe-emu-we-')), 'state.json');
      const first = await startEmulator({ port: 0, statePath });
      const r = await receiver([]);
      const we = await sdkFor(first).webhookEndpoints.create({ url: r.url, enabled_events: ['customer.created'] });
      r.secrets.push(we.secret!);
      await first.stop();
      const second = await startEmulator({ port: 0, statePath });
      try {
        const client = sdkFor(second);
        expect((await client.webhookEndpoints.list()).data.map((w) => w.id)).toEqual([we.id]);
        const c = await client.customers.create({ email: 'restart@example.org' });
        await second.flushWebhooks(10000);
        expect(r.events.map((e) => (e.data.object as Stripe.Customer).id)).toEqual([c.id]);
        expect(r.rejected).toBe(0);
      } finally {
        await second.stop();
      }
    });
  });

  describe('concurrent delivery', () => {
    /** Sends `n` customer.created events to a receiver that takes `delayMs` per delivery. */
    async function burst(opts: { webhookConcurrency?: number }, n: number, delayMs: number) {
      const r = await receiver([OPTION_SECRET], delayMs);
      const emu = await startEmulator({ port: 0, webhookSecret: OPTION_SECRET, webhookUrls: [r.url], ...opts });
      try {
        const client = sdkFor(emu);
        const started = performance.now();
        const ids = await Promise.all(
          Array.from(
            { length: n },
            async (_, i) => (await client.customers.create({ email: `burst${i}@example.org` })).id,
          ),
        );
        expect(emu.pendingWebhooks()).toBeGreaterThan(0);
        await emu.flushWebhooks(30000);
        const seconds = (performance.now() - started) / 1000;
        expect(emu.pendingWebhooks()).toBe(0);
        return {
          r,
          ids,
          received: r.events.map((e) => (e.data.object as Stripe.Customer).id),
          emitted: emu.events().map((e) => e.id),
          seconds,
        };
      } finally {
        await emu.stop();
      }
    }

    it('delivers up to 16 at a time per endpoint by default, each event once, out of order allowed', async () => {
      const { r, ids, received, seconds } = await burst({}, 80, 25);
      expect(received.sort()).toEqual([...ids].sort());
      expect(r.maxInFlight).toBeGreaterThan(1);
      expect(r.maxInFlight).toBeLessThanOrEqual(16);
      expect(r.rejected).toBe(0);
      process.stdout.write(
        `concurrent delivery: 80 events to a 25 ms endpoint in ${seconds.toFixed(2)} s (${(80 / seconds).toFixed(0)}/s), at most ${r.maxInFlight} at a time\n`,
      );
    });

    it('takes the bound from webhookConcurrency: 1 keeps strict order', async () => {
      const four = await burst({ webhookConcurrency: 4 }, 30, 10);
      expect(four.r.maxInFlight).toBeLessThanOrEqual(4);
      expect(four.received.sort()).toEqual([...four.ids].sort());
      const one = await burst({ webhookConcurrency: 1 }, 80, 25);
      expect(one.r.maxInFlight).toBe(1);
      expect(one.r.events.map((e) => e.id)).toEqual(one.emitted);
      process.stdout.write(
        `one at a time: 80 events to a 25 ms endpoint in ${one.seconds.toFixed(2)} s (${(80 / one.seconds).toFixed(0)}/s)\n`,
      );
    });
  });
});
