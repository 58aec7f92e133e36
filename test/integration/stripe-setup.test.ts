import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import Stripe from 'stripe';
import { startEmulator, type StripeEmulator } from '../../dev/stripe-emulator/src/index.js';
import { projectedEventTypes } from '../../worker/src/stripe-setup/webhook-endpoint.js';
import { waitForProjection } from '../helpers/events.js';
import { freePort } from '../helpers/faults.js';
import { runScript } from '../helpers/run-script.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { emulatorHelper, sdkFor } from '../helpers/stripe-shapes.js';

/**
 * `npm run stripe:setup` as a new school runs it, against the emulator standing in for Stripe (started without
 * the option-configured endpoint, so events reach the API only through the endpoint the script registers).
 */
describe('npm run stripe:setup', () => {
  let emulator: StripeEmulator;
  let stripe: Stripe;
  let port: number;
  let stack: Stack | undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'stripe-setup-'));
  const envFile = path.join(dir, '.env');
  const setup = (args: string[] = [], extra: Record<string, string> = {}) =>
    runScript(
      'dist-dev/worker/src/cli/stripe-setup.js',
      { STRIPE_API_BASE: emulator.url, PUBLIC_URL: `http://127.0.0.1:${port}`, ...extra },
      { args: ['--dotenv', envFile, ...args] },
    );
  const endpoints = async () => (await stripe.webhookEndpoints.list({ limit: 100 })).data;
  const secretInFile = () => /^STRIPE_WEBHOOK_SECRET=(.*)$/m.exec(readFileSync(envFile, 'utf8'))?.[1];

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, retryBaseMs: 50 });
    stripe = sdkFor(emulator);
    port = await freePort();
    // As .env.example has it, with the secret key filled in and the webhook secret still the placeholder.
    writeFileSync(
      envFile,
      `# Stripe\nSTRIPE_SECRET_KEY=${emulator.secretKey}\nSTRIPE_PUBLISHABLE_KEY=${emulator.publishableKey}\nSTRIPE_WEBHOOK_SECRET=whsec_...\nPORT=3000\n`,
    );
  });
  afterAll(async () => {
    await stack?.stop();
    await emulator?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("run twice: one endpoint with the registry's event types and the SDK's API version; the secret written once", async () => {
    const first = await setup();
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const [endpoint] = await endpoints();
    const url = `http://127.0.0.1:${port}/api/stripe/webhook`;
    expect(first.stdout).toBe(
      'Stripe account acct_1EmulatorHillside0 (Hillside Learning Center, test mode) can take payments and receive payouts.\n' +
        `Webhook endpoint ${endpoint.id} created: ${url}, ${projectedEventTypes().length} event types, API version ${Stripe.API_VERSION}.\n` +
        `Signing secret written to ${envFile} (STRIPE_WEBHOOK_SECRET); restart the API for it to take effect.\n`,
    );
    const secret = secretInFile();
    expect(secret).toMatch(/^whsec_\w{20,}$/);
    expect(readFileSync(envFile, 'utf8')).toBe(
      `# Stripe\nSTRIPE_SECRET_KEY=${emulator.secretKey}\nSTRIPE_PUBLISHABLE_KEY=${emulator.publishableKey}\nSTRIPE_WEBHOOK_SECRET=${secret}\nPORT=3000\n`,
    );

    const second = await setup();
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(
      `Webhook endpoint ${endpoint.id} is up to date: ${url}, ${projectedEventTypes().length} event types, API version ${Stripe.API_VERSION}. Signing secret unchanged.`,
    );
    expect(secretInFile()).toBe(secret);
    const all = await endpoints();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      url,
      api_version: Stripe.API_VERSION,
      status: 'enabled',
      metadata: { managed_by: 'npm run stripe:setup' },
    });
    expect([...all[0].enabled_events].sort()).toEqual(projectedEventTypes());
    expect(projectedEventTypes()).toEqual(
      expect.arrayContaining(['charge.succeeded', 'customer.created', 'invoice.paid', 'customer.subscription.updated']),
    );
  }, 60_000);

  it('a donation then reaches the read model through the endpoint it created, signed with the secret it wrote', async () => {
    const [endpoint] = await endpoints();
    stack = await startStack({
      emulator: false,
      port,
      env: {
        STRIPE_SECRET_KEY: emulator.secretKey,
        STRIPE_PUBLISHABLE_KEY: emulator.publishableKey,
        STRIPE_WEBHOOK_SECRET: secretInFile()!,
        STRIPE_API_BASE: emulator.url,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
    });
    const res = await request(stack.apiUrl)
      .post('/api/create-payment-intent')
      .send({
        amount: 7500,
        donationData: {
          amount: '75',
          frequency: 'one-time',
          firstName: 'Rosa',
          lastName: 'Park',
          email: 'rosa.park@example.org',
          phone: '(870) 555-0101',
          address: '4 Elm St',
          city: 'Marshall',
          state: 'AR',
          zipCode: '72650',
        },
      })
      .expect(200);
    await stripe.paymentIntents.confirm(res.body.paymentIntentId, { payment_method: 'pm_card_visa' });
    const donorListed = async () =>
      (await stack!.db.query(`SELECT 1 FROM donors WHERE email = 'rosa.park@example.org' AND is_donor`)).length === 1;
    await waitForProjection(stack, { predicate: donorListed, timeoutMs: 30_000 });
    const charges = await stack.db.query(
      `SELECT amount::int AS amount, status FROM charges WHERE payment_intent_id = $1`,
      [res.body.paymentIntentId],
    );
    expect(charges).toEqual([{ amount: 7500, status: 'succeeded' }]);
    const deliveries = emulator.deliveries();
    expect(deliveries.length).toBeGreaterThan(0);
    expect(new Set(deliveries.map((d) => d.endpoint))).toEqual(new Set([endpoint.id]));
    expect(deliveries.every((d) => d.status === 200)).toBe(true);
  }, 60_000);

  it('brings an endpoint whose event types fell behind the registry up to date, keeping its secret', async () => {
    const [endpoint] = await endpoints();
    await stripe.webhookEndpoints.update(endpoint.id, {
      enabled_events: ['charge.succeeded', 'balance.available'] as Stripe.WebhookEndpointUpdateParams.EnabledEvent[],
      disabled: true,
    });
    const before = secretInFile();
    const r = await setup();
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(
        `Webhook endpoint ${endpoint.id} updated \\(event types \\+\\S+.* -balance\\.available; enabled again\\)`,
      ),
    );
    const [after] = await endpoints();
    expect([...after.enabled_events].sort()).toEqual(projectedEventTypes());
    expect(after.status).toBe('enabled');
    expect(secretInFile()).toBe(before);
  }, 60_000);

  it('says in one line what the account still needs before it can take payments', async () => {
    await emulatorHelper(emulator, 'account', {
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      requirements: {
        currently_due: ['external_account', 'tos_acceptance.date', 'tos_acceptance.ip', 'company.tax_id'],
        disabled_reason: 'requirements.past_due',
      },
    });
    const r = await setup();
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(
      "Stripe account acct_1EmulatorHillside0 (Hillside Learning Center, test mode) cannot take payments or receive payouts yet: Stripe still needs a bank account for payouts, accepting Stripe's terms of service, the school's EIN. Finish at https://dashboard.stripe.com/account/onboarding",
    );
    await emulatorHelper(emulator, 'account', {
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      requirements: { currently_due: [], disabled_reason: null },
    });
  }, 60_000);

  it('without the secret it cannot recover it, and says how to get one; --recreate --print-secret replaces the endpoint and leaves .env alone', async () => {
    const [old] = await endpoints();
    const bare = path.join(dir, 'bare.env');
    writeFileSync(bare, `STRIPE_SECRET_KEY=${emulator.secretKey}\n`);
    const lost = await runScript(
      'dist-dev/worker/src/cli/stripe-setup.js',
      { STRIPE_API_BASE: emulator.url, PUBLIC_URL: `http://127.0.0.1:${port}` },
      { args: ['--dotenv', bare] },
    );
    expect(lost.code).toBe(1);
    expect(lost.stderr).toContain(
      `Webhook endpoint ${old.id} already sends to http://127.0.0.1:${port}/api/stripe/webhook, but Stripe shows its signing secret only when it is created`,
    );

    const before = readFileSync(envFile, 'utf8');
    const r = await setup(['--recreate', '--print-secret']);
    expect(r.code).toBe(0);
    const [fresh] = await endpoints();
    expect(fresh.id).not.toBe(old.id);
    expect(r.stdout).toContain(`Webhook endpoint ${fresh.id} replaces ${old.id} (asked to (--recreate))`);
    expect(r.stdout).toMatch(/STRIPE_WEBHOOK_SECRET=whsec_\w+\n/);
    expect(readFileSync(envFile, 'utf8')).toBe(before);
    expect(await endpoints()).toHaveLength(1);
  }, 60_000);

  it('refuses what Stripe itself would refuse, before calling it', async () => {
    const local = await runScript(
      'dist-dev/worker/src/cli/stripe-setup.js',
      { STRIPE_SECRET_KEY: 'sk_test_x', PUBLIC_URL: 'http://localhost:3000' },
      { args: ['--dotenv', path.join(dir, 'none.env')] },
    );
    expect(local).toMatchObject({ code: 1, stdout: '' });
    expect(local.stderr.trim()).toBe(
      "PUBLIC_URL is http://localhost:3000: Stripe cannot deliver webhooks to this machine's own address. Set PUBLIC_URL to the site's public https address first.",
    );
    const live = await runScript(
      'dist-dev/worker/src/cli/stripe-setup.js',
      { STRIPE_SECRET_KEY: 'sk_live_x', PUBLIC_URL: 'http://give.example.org' },
      { args: ['--dotenv', path.join(dir, 'none.env')] },
    );
    expect(live.stderr.trim()).toBe(
      'PUBLIC_URL is http://give.example.org: Stripe sends live-mode webhooks only to https:// addresses.',
    );
    const noKey = await runScript(
      'dist-dev/worker/src/cli/stripe-setup.js',
      {},
      { args: ['--dotenv', path.join(dir, 'none.env')] },
    );
    expect(noKey.stderr.trim()).toMatch(/^Missing environment variable STRIPE_SECRET_KEY/);
    const bad = await setup(['--frobnicate']);
    expect(bad.code).toBe(2);
  }, 60_000);
});
