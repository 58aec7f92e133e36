import request from 'supertest';
import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { feeCoverageFor, DEFAULT_CARD_FEE } from '../../core/src/gifts/fee-coverage.js';
import { acknowledgmentsOnSince, parsedMails, waitForMails } from '../helpers/donor-mail.js';
import { waitUntil } from '../helpers/faults.js';
import { waitForProjection } from '../helpers/events.js';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.js';
import { donorAs } from '../helpers/my-giving-api.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * A donor's actions on their own recurring gifts, each through the Stripe API (the emulator), learnt by the
 * read model from the webhooks, and audited with the donor as actor; and the recovery of a declined renewal:
 * one e-mail, a link that signs in to update that gift's card, the open invoice paid at once.
 */
const DAY = 86400;
const LINK = /\/my-giving#link=([A-Za-z0-9_-]{43})/;

describe('My Giving: changing, pausing, canceling a gift and recovering a declined renewal', () => {
  let smtp: SmtpCatcher;
  let stack: Stack;
  let stripe: Stripe;
  let product: string;
  const gifts: Record<string, { customer: string; sub: string }> = {};

  async function monthly(key: string, email: string, card: string, cents: number, anchorDays?: number) {
    const c = await stripe.customers.create({ name: `${key} Donor`, email });
    const pm = await stripe.paymentMethods.attach(card, { customer: c.id });
    const sub = await stripe.subscriptions.create({
      customer: c.id,
      default_payment_method: pm.id,
      items: [{ price_data: { currency: 'usd', unit_amount: cents, product, recurring: { interval: 'month' } } }],
      metadata: { frequency: 'monthly', source: 'website' },
      ...(anchorDays
        ? { billing_cycle_anchor: stack.emulator!.now() + anchorDays * DAY, proration_behavior: 'none' as const }
        : {}),
    });
    gifts[key] = { customer: c.id, sub: sub.id };
  }

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    stack = await startStack({ env: { SMTP_URL: smtp.url } });
    stripe = createStripeClient(stack.env);
    product = (await stripe.products.create({ name: 'Recurring donation' })).id;
    // A month of renewals below, ending a few days ago (the API refuses events dated in the future).
    await stack.emulator!.advanceClock(-33 * DAY);
    await acknowledgmentsOnSince(stack.db, new Date(Date.now() - 40 * DAY * 1000));
    await monthly('ann', 'ann@example.org', 'pm_card_visa', 2000);
    await monthly('dee', 'dee@example.org', 'pm_card_visa', 1500);
    await monthly('eve', 'eve@example.org', 'pm_card_visa', 1000);
    await monthly('fay', 'fay@example.org', 'pm_card_visa', 2000);
    await monthly('cy', 'cy@example.org', 'pm_card_chargeCustomerFail', 2500, 29);
    await stack.emulator!.flushWebhooks(30_000);
    await waitForProjection(stack, {
      predicate: async () => (await stack.db.query(`SELECT 1 FROM subscriptions WHERE status = 'active'`)).length === 5,
    });
  }, 90_000);
  afterAll(async () => {
    await stack?.stop();
    await smtp?.close();
  });

  const api = () => request(stack.apiUrl);
  const as = (token: string) => donorAs(stack, token);

  /** The donor's nth e-mail with a link to their page (confirmations of their changes come between them). */
  async function openLink(email: string, nth: number): Promise<{ token: string; body: Record<string, unknown> }> {
    let links: string[] = [];
    await waitUntil(
      async () => {
        links = (await parsedMails(smtp, email))
          .map((m) => LINK.exec(m.text ?? '')?.[1])
          .filter((t): t is string => !!t);
        return links.length >= nth;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    const res = await api()
      .post('/api/my-giving/session')
      .send({ token: links[nth - 1] });
    expect(res.status).toBe(200);
    return { token: res.body.sessionToken, body: res.body };
  }

  async function signedIn(email: string, nth: number) {
    expect((await api().post('/api/my-giving/link').send({ email })).status).toBe(202);
    return as((await openLink(email, nth)).token);
  }

  /** The plan as the donor's page shows it, once the read model has what Stripe did. */
  async function planShown(session: ReturnType<typeof as>, id: string, expected: Record<string, unknown>) {
    let last: unknown;
    await waitForProjection(stack, {
      predicate: async () => {
        last = (await session.get('/api/my-giving')).body.plans.find((p: { id: string }) => p.id === id);
        return Object.entries(expected).every(([k, v]) => (last as Record<string, unknown>)?.[k] === v);
      },
    }).catch((err) => {
      throw new Error(`${(err as Error).message}; plan shown: ${JSON.stringify(last)}`);
    });
  }

  /** The confirmations of a donor's plan changes, as they arrive, oldest first. */
  async function confirmations(email: string, count: number) {
    await waitUntil(
      async () =>
        (await parsedMails(smtp, email)).filter((m) => m.subject?.startsWith('Your monthly gift:')).length >= count,
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    return (await parsedMails(smtp, email)).filter((m) => m.subject?.startsWith('Your monthly gift:'));
  }

  const auditOf = (action: string) =>
    stack.db.query(
      `SELECT actor_kind, donor_id, admin_id, success, details FROM audit_log WHERE action = $1 ORDER BY id`,
      [action],
    );

  it('changes the amount from the next charge on: Stripe, then the read model, then the audit log', async () => {
    const ann = await signedIn('ann@example.org', 1);
    const res = await ann.post(`/api/my-giving/plans/${gifts.ann.sub}/amount`, { amount: 3500 });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(
      /^Your monthly gift is now \$35\.00 from the next charge on \w+ \d{1,2}, \d{4}\.$/,
    );
    const sub = await stripe.subscriptions.retrieve(gifts.ann.sub);
    expect(sub.items.data[0].price.unit_amount).toBe(3500);
    expect((await stripe.invoices.list({ subscription: gifts.ann.sub })).data).toHaveLength(1); // no proration invoice
    await planShown(ann, gifts.ann.sub, { amount: 3500, status: 'active' });
    expect(await auditOf('donor.plan.amount')).toEqual([
      {
        actor_kind: 'donor',
        donor_id: gifts.ann.customer,
        admin_id: null,
        success: true,
        details: { subscriptionId: gifts.ann.sub, from: 2000, to: 3500, feeCoverage: 0 },
      },
    ]);
    const [confirmed] = await confirmations('ann@example.org', 1);
    expect(confirmed.subject).toBe('Your monthly gift: amount changed - Hillside Learning Center');
    expect(confirmed.text).toMatch(
      /On \w+ \d{1,2}, \d{4}, your monthly gift was changed from \$20\.00 to \$35\.00\. The new amount is charged from your next gift on \w+ \d{1,2}, \d{4}; nothing was charged today\./,
    );
    expect(confirmed.to).toMatchObject({ text: 'ann@example.org' });

    for (const [amount, message] of [
      [50, 'The minimum donation amount is $1.00.'],
      [1250.5, 'amount must be a whole number of cents'],
    ] as const) {
      const bad = await ann.post(`/api/my-giving/plans/${gifts.ann.sub}/amount`, { amount });
      expect({ status: bad.status, message: bad.body.message }).toEqual({ status: 400, message });
    }
  });

  it('a new amount with the fees covered: the fee of the form, the split in the metadata, the confirmation says both', async () => {
    const fee = feeCoverageFor(3500, DEFAULT_CARD_FEE);
    const fay = await signedIn('fay@example.org', 1);
    const res = await fay.post(`/api/my-giving/plans/${gifts.fay.sub}/amount`, { amount: 3500, coverFees: true });
    expect(res.body.message).toMatch(
      new RegExp(
        `^Your monthly gift is now \\$${((3500 + fee) / 100).toFixed(2)} \\(\\$35\\.00 \\+ \\$${(fee / 100).toFixed(2)} fees\\) from the next charge on`,
      ),
    );
    const sub = await stripe.subscriptions.retrieve(gifts.fay.sub);
    expect(sub.items.data[0].price.unit_amount).toBe(3500 + fee);
    expect(sub.metadata).toMatchObject({
      gift_cents: '3500',
      fee_coverage_cents: String(fee),
      fee_method: 'card',
      frequency: 'monthly',
    });
    await planShown(fay, gifts.fay.sub, { amount: 3500 + fee, feeCoverage: fee });
    const [confirmed] = await confirmations('fay@example.org', 1);
    expect(confirmed.text).toContain(
      `to $${((3500 + fee) / 100).toFixed(2)} (including $${(fee / 100).toFixed(2)} to cover the processing fees)`,
    );
  });

  it('pauses and resumes, schedules a cancellation and withdraws it, then cancels now', async () => {
    const dee = await signedIn('dee@example.org', 1);
    const plan = `/api/my-giving/plans/${gifts.dee.sub}`;
    const paused = await dee.post(`${plan}/pause`);
    expect(paused.body.message).toBe('Your monthly gift is paused. Nothing will be charged until you resume it.');
    expect((await stripe.subscriptions.retrieve(gifts.dee.sub)).pause_collection).toMatchObject({ behavior: 'void' });
    await planShown(dee, gifts.dee.sub, { status: 'paused' });

    const resumed = await dee.post(`${plan}/resume`);
    expect(resumed.body.message).toMatch(
      /^Your monthly gift is running again\. The next charge is on \w+ \d{1,2}, \d{4}\.$/,
    );
    await planShown(dee, gifts.dee.sub, { status: 'active' });

    const atEnd = await dee.post(`${plan}/cancel`, { when: 'period_end' });
    expect(atEnd.body.message).toMatch(
      /^Your monthly gift will end on \w+ \d{1,2}, \d{4}\. Nothing is charged after that\./,
    );
    const sub = await stripe.subscriptions.retrieve(gifts.dee.sub);
    expect(sub).toMatchObject({ status: 'active', cancel_at_period_end: true });
    await planShown(dee, gifts.dee.sub, {
      status: 'canceling',
      nextChargeDate: new Date(sub.cancel_at! * 1000).toISOString(),
    });
    await dee.post(`${plan}/resume`).expect(200);
    await planShown(dee, gifts.dee.sub, { status: 'active' });

    const bad = await dee.post(`${plan}/cancel`, { when: 'later' });
    expect({ status: bad.status, message: bad.body.message }).toEqual({
      status: 400,
      message: "when must be 'now' or 'period_end'",
    });
    const now = await dee.post(`${plan}/cancel`, { when: 'now' });
    expect(now.body.message).toBe(
      'Your monthly gift is canceled. Nothing more will be charged. Thank you for your support.',
    );
    await planShown(dee, gifts.dee.sub, { status: 'canceled', nextChargeDate: null });
    const ended = await dee.post(`${plan}/pause`);
    expect({ status: ended.status, message: ended.body.message }).toEqual({
      status: 409,
      message: 'This gift has ended. To give again, please use the Donate page.',
    });
    const actions = await stack.db.query(
      `SELECT action, details->>'when' AS "when" FROM audit_log WHERE actor_kind = 'donor' AND donor_id = $1 AND action LIKE 'donor.plan.%' ORDER BY id`,
      [gifts.dee.customer],
    );
    expect(actions).toEqual([
      { action: 'donor.plan.pause', when: null },
      { action: 'donor.plan.resume', when: null },
      { action: 'donor.plan.cancel', when: 'period_end' },
      { action: 'donor.plan.resume', when: null },
      { action: 'donor.plan.cancel', when: 'now' },
    ]);
    // One confirmation per change (sent side by side, so in any order), each saying what changed and when it takes effect.
    const mails = (await confirmations('dee@example.org', 5)).map((m) => m.text ?? '');
    const said = (text: string | RegExp) =>
      mails.filter((m) => (typeof text === 'string' ? m.includes(text) : text.test(m))).length;
    expect(said('your monthly gift of $15.00 was paused. Nothing will be charged until it is resumed.')).toBe(1);
    expect(said(/your monthly gift of \$15\.00 was resumed\. The next charge is on \w+ \d{1,2}, \d{4}\./)).toBe(2);
    expect(
      said(
        /you asked to end your monthly gift of \$15\.00\. It ends on \w+ \d{1,2}, \d{4}, and nothing is charged after that\./,
      ),
    ).toBe(1);
    expect(said('your monthly gift of $15.00 was canceled. Nothing more will be charged.')).toBe(1);
    expect(
      await stack.db.query(
        `SELECT count(*)::int AS n FROM outbound_mail WHERE kind = 'plan-change' AND customer_id = $1 AND status = 'sent'`,
        [gifts.dee.customer],
      ),
    ).toEqual([{ n: 5 }]);
  });

  it('cancel at the end of the period: the gift stays active until then', async () => {
    const eve = await signedIn('eve@example.org', 1);
    await eve.post(`/api/my-giving/plans/${gifts.eve.sub}/cancel`, { when: 'period_end' }).expect(200);
    await planShown(eve, gifts.eve.sub, { status: 'canceling' });
    expect(await stripe.subscriptions.retrieve(gifts.eve.sub)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    });
  });

  it('a month later the new amount is charged and the gift canceled at period end ends without a charge; a declined renewal sends one e-mail whose link updates the card and pays the invoice', async () => {
    const periodEnd = (await stripe.subscriptions.retrieve(gifts.ann.sub)).items.data[0].current_period_end;
    await stack.emulator!.advanceClock(periodEnd - stack.emulator!.now() + 60);
    expect((await stripe.charges.list({ customer: gifts.ann.customer })).data.map((c) => c.amount)).toEqual([
      3500, 2000,
    ]);
    expect((await stripe.charges.list({ customer: gifts.eve.customer })).data.map((c) => c.amount)).toEqual([1000]);
    // The renewal with the fees covered is recorded as the gift and its fee coverage.
    const fee = feeCoverageFor(3500, DEFAULT_CARD_FEE);
    await waitForProjection(stack, {
      predicate: async () =>
        (
          await stack.db.query(`SELECT 1 FROM charges WHERE customer_id = $1 AND amount = $2`, [
            gifts.fay.customer,
            3500 + fee,
          ])
        ).length === 1,
    });
    expect(
      await stack.db.query(
        `SELECT amount::int, fee_coverage::int FROM charges WHERE customer_id = $1 ORDER BY created`,
        [gifts.fay.customer],
      ),
    ).toEqual([
      { amount: 2000, fee_coverage: 0 },
      { amount: 3500 + fee, fee_coverage: fee },
    ]);
    expect((await stripe.subscriptions.retrieve(gifts.eve.sub)).status).toBe('canceled');
    const eve = await signedIn('eve@example.org', 2);
    await planShown(eve, gifts.eve.sub, { status: 'canceled', nextChargeDate: null });

    const [failed] = await waitForMails(smtp, 'cy@example.org', 1);
    expect(failed.subject).toBe('Your monthly gift could not be charged - Hillside Learning Center');
    expect(failed.text).toContain(
      'We tried to charge your monthly gift of $25.00 to Visa ending in 0341, and the bank declined it.',
    );
    expect(failed.html).toContain('Update your card');
    // Stripe retries the invoice a day later (declined again): still one e-mail.
    await stack.emulator!.advanceClock(DAY + 60);
    await stack.emulator!.flushWebhooks(30_000);
    await waitForProjection(stack);
    expect(
      await stack.db.query(`SELECT kind, status FROM outbound_mail WHERE customer_id = $1`, [gifts.cy.customer]),
    ).toEqual([{ kind: 'payment-failed', status: 'sent' }]);

    const { token, body } = await openLink('cy@example.org', 1);
    expect(body).toMatchObject({ purpose: 'card', planId: gifts.cy.sub });
    const cy = as(token);
    const page = (await cy.get('/api/my-giving')).body;
    expect(page.plans).toEqual([
      expect.objectContaining({ id: gifts.cy.sub, status: 'past_due', unpaidRenewal: true, cardLast4: '0341' }),
    ]);
    expect(page.gifts).toEqual([]);
    const other = await cy.post(`/api/my-giving/plans/${gifts.cy.sub}/pause`);
    expect({ status: other.status, message: other.body.message }).toEqual({
      status: 403,
      message: 'This link is for updating the card of one gift. To do more, ask for a sign-in link on this page.',
    });

    const setup = await cy.post(`/api/my-giving/plans/${gifts.cy.sub}/card-setup`);
    expect(setup.status).toBe(200);
    const setupIntentId = /^(seti_[A-Za-z0-9]+)_secret_/.exec(setup.body.clientSecret)![1];
    const unconfirmed = await cy.post(`/api/my-giving/plans/${gifts.cy.sub}/card`, { setupIntentId });
    expect({ status: unconfirmed.status, message: unconfirmed.body.message }).toEqual({
      status: 400,
      message: 'The new card was not confirmed. Please enter it again.',
    });
    // The browser confirms it with Stripe.js's confirmCardSetup; the SDK's confirm is the same call.
    await stripe.setupIntents.confirm(setupIntentId, { payment_method: 'pm_card_visa' });
    const done = await cy.post(`/api/my-giving/plans/${gifts.cy.sub}/card`, { setupIntentId });
    expect(done.body.message).toBe(
      'Your new card is saved and the missed payment of $25.00 went through. Your monthly gift is active again. Thank you!',
    );
    await planShown(cy, gifts.cy.sub, { status: 'active', unpaidRenewal: false, cardLast4: '4242' });
    const [charge] = await stack.db.query(
      `SELECT amount::int, status FROM charges WHERE customer_id = $1 AND status = 'succeeded'`,
      [gifts.cy.customer],
    );
    expect(charge).toEqual({ amount: 2500, status: 'succeeded' });
    expect(await auditOf('donor.plan.card')).toEqual([
      expect.objectContaining({ actor_kind: 'donor', donor_id: gifts.cy.customer, success: true }),
    ]);
    const [changed] = (await waitForMails(smtp, 'cy@example.org', 2)).slice(1);
    expect(changed.subject).toBe('Your monthly gift: payment method changed - Hillside Learning Center');
    expect(changed.text).toContain('your monthly gift of $25.00 was set to be paid with Visa ending in 4242.');
  });
});
