import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { acknowledgmentsOnSince, outboxState, waitForMails } from '../helpers/donor-mail.js';
import { postEvent, waitForProjection } from '../helpers/events.js';
import { mailPasses } from '../helpers/passes.js';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.js';
import { startStack, type Stack } from '../helpers/stack.js';

const run = promisify(execFile);
const DAY = 86400;

/**
 * History is never mailed. A month of giving (one-time gifts on most days, refunds, a monthly plan with its
 * renewal), half of it inside the 14 days the acknowledger looks back, reaches the read model after automatic
 * acknowledgments were switched on: first through `npm run stripe:backfill` (the real CLI), then as imported
 * webhook events and `npm run events:replay`. Not one e-mail, not one receipt number. A gift made afterwards
 * is acknowledged, so the silence is not a dead pipeline.
 */
describe('backfill and replay of a month of history send nothing', () => {
  let smtp: SmtpCatcher;
  let stack: Stack;
  let stripe: Stripe;
  let events: Stripe.Event[];

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    stack = await startStack({ env: { SMTP_URL: smtp.url } });
    stripe = createStripeClient(stack.env);
    // The month happens in the emulator with no webhook endpoint: the read model learns of it later.
    stack.emulator!.setWebhookUrls([]);
    await stack.emulator!.advanceClock(-31 * DAY);
    const plan = await stripe.customers.create({ name: 'Paula Plan', email: 'paula@example.org' });
    const planPm = await stripe.paymentMethods.attach('pm_card_visa', { customer: plan.id });
    await stripe.customers.update(plan.id, { invoice_settings: { default_payment_method: planPm.id } });
    await stripe.subscriptions.create({
      customer: plan.id,
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
      metadata: { frequency: 'monthly', donation_type: 'monthly', source: 'website' },
    });
    for (let day = 0; day < 30; day++) {
      const c = await stripe.customers.create({ name: `Day ${day} Donor`, email: `day${day}@example.org` });
      const pi = await stripe.paymentIntents.create({
        amount: 1000 + day * 100,
        currency: 'usd',
        customer: c.id,
        payment_method: 'pm_card_visa',
        confirm: true,
        metadata: { frequency: 'one-time', source: 'website' },
      });
      if (day % 7 === 3) await stripe.refunds.create({ payment_intent: pi.id, amount: 500 });
      await stack.emulator!.advanceClock(DAY);
    }
    events = (await stripe.events.list({ limit: 100 }).autoPagingToArray({ limit: 10000 })).reverse();
    // Switched on now, after all of it happened.
    await acknowledgmentsOnSince(stack.db, new Date());
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    await smtp?.close();
  });

  const cli = (script: string, args: string[] = []) =>
    run(process.execPath, [`dist-dev/worker/src/cli/${script}.js`, ...args], {
      env: { PATH: process.env.PATH ?? '', ...stack.rawEnv },
      timeout: 120_000,
    });

  /** What the outbox holds once a pass of the acknowledger and then of the outbox has run after the change. */
  async function afterSomePasses() {
    await mailPasses(stack);
    return {
      outbox: await outboxState(stack.db),
      receipts: (await stack.db.query(`SELECT count(*)::int AS n FROM gift_acknowledgments`))[0].n,
      mails: smtp.mails.length,
    };
  }

  it('npm run stripe:backfill: the month is in the read model, nobody is mailed', async () => {
    const { stdout } = await cli('backfill');
    expect(stdout).toMatch(/^Backfilled /);
    const [row] = await stack.db.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE created > now() - interval '14 days')::int AS recent FROM charges WHERE status = 'succeeded'`,
    );
    expect(row.n).toBeGreaterThanOrEqual(31);
    expect(row.recent).toBeGreaterThanOrEqual(10);
    expect(await afterSomePasses()).toEqual({
      outbox: { queued: 0, sending: 0, sent: 0, failed: 0 },
      receipts: 0,
      mails: 0,
    });
  }, 180_000);

  it('the same month imported as webhook events, then npm run events:replay: nobody is mailed', async () => {
    for (const e of events) expect((await postEvent(stack, e)).status).toBe(200);
    await waitForProjection(stack, { minEvents: events.length, timeoutMs: 60_000 });
    const { stdout } = await cli('replay', ['--since', '2000-01-01']);
    expect(stdout).toMatch(new RegExp(`${events.length}`));
    await waitForProjection(stack, { minEvents: events.length, timeoutMs: 60_000 });
    expect(await afterSomePasses()).toEqual({
      outbox: { queued: 0, sending: 0, sent: 0, failed: 0 },
      receipts: 0,
      mails: 0,
    });
  }, 180_000);

  it('a gift made now is acknowledged: the pipeline was live all along', async () => {
    stack.emulator!.setWebhookUrls([`${stack.apiUrl}/api/stripe/webhook`]);
    await stack.emulator!.advanceClock(Math.floor(Date.now() / 1000) - stack.emulator!.now());
    const c = await stripe.customers.create({ name: 'Nora Now', email: 'nora@example.org' });
    await stripe.paymentIntents.create({
      amount: 5000,
      currency: 'usd',
      customer: c.id,
      payment_method: 'pm_card_visa',
      confirm: true,
      metadata: { frequency: 'one-time', source: 'website' },
    });
    const [mail] = await waitForMails(smtp, 'nora@example.org', 1);
    expect(mail.text).toContain('$50.00');
    expect(smtp.mails).toHaveLength(1);
  }, 60_000);
});
