import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { authed, createAdmin, signIn } from '../helpers/admin.js';
import { waitForProjection } from '../helpers/events.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * The Recurring view over plans made the real way: subscriptions created, renewed, failed, paused and canceled
 * on the Stripe emulator through the SDK, their webhooks projected by the worker. Every figure is checked
 * against a computation from the emulator's own subscriptions (the SDK's list), made independently here.
 */
let stack: Stack;
let api: ReturnType<typeof authed>;
let stripe: Stripe;
const plans: Record<string, Stripe.Subscription> = {};
const DAY = 86400;

async function settle(predicate?: () => Promise<boolean>) {
  await stack.emulator!.flushWebhooks(20000);
  await waitForProjection(stack, { predicate });
}

async function donorWithCard(name: string, card: string): Promise<string> {
  const c = await stripe.customers.create({ name, email: `${name.split(' ')[0].toLowerCase()}@example.org` });
  const pm = await stripe.paymentMethods.attach(card, { customer: c.id });
  await stripe.customers.update(c.id, { invoice_settings: { default_payment_method: pm.id } });
  return c.id;
}

async function plan(
  customer: string,
  cents: number,
  interval: 'month' | 'year',
  count: number,
  frequency: string,
): Promise<Stripe.Subscription> {
  return stripe.subscriptions.create({
    customer,
    items: [
      {
        price_data: {
          currency: 'usd',
          unit_amount: cents,
          product: (await stripe.products.create({ name: `${frequency} gift` })).id,
          recurring: { interval, interval_count: count },
        },
      },
    ],
    metadata: { frequency, donation_type: frequency, source: 'website' },
  });
}

/** What the Recurring view should say, from Stripe's subscriptions alone (Stripe's fields, Stripe's cadence). */
function expectedFigures(subs: Stripe.Subscription[], nowSeconds: number) {
  const paused = (s: Stripe.Subscription) => !!s.pause_collection;
  const active = subs.filter((s) => (s.status === 'active' || s.status === 'trialing') && !paused(s));
  let annualCents = 0;
  for (const s of active) {
    const item = s.items.data[0];
    const r = item.price.recurring!;
    const months = r.interval === 'year' ? 12 * r.interval_count : r.interval_count;
    annualCents += (item.price.unit_amount! * (item.quantity ?? 1) * 12) / months;
  }
  return {
    activeDonors: new Set(active.map((s) => s.customer as string)).size,
    monthlyRecurringRevenue: Math.round(annualCents / 12) / 100,
    pastDue: subs.filter((s) => (s.status === 'past_due' || s.status === 'unpaid') && !paused(s)).length,
    canceledLast30Days: subs.filter((s) => s.status === 'canceled' && s.ended_at! >= nowSeconds - 30 * DAY).length,
  };
}

beforeAll(async () => {
  stack = await startStack();
  api = authed(stack, (await signIn(stack)).token);
  stripe = createStripeClient(stack.env, { maxNetworkRetries: 0 });
  // Forty days back: one monthly renewal happens below, and the API refuses events dated in the future.
  await stack.emulator!.advanceClock(-40 * DAY);
  const ann = await donorWithCard('Ann Monthly', 'pm_card_visa');
  const ben = await donorWithCard('Ben Quarterly', 'pm_card_mastercard');
  const cat = await donorWithCard('Cat Declined', 'pm_card_visa');
  const dan = await donorWithCard('Dan Paused', 'pm_card_visa');
  const eve = await donorWithCard('Eve Leaving', 'pm_card_visa');
  plans.annMonthly = await plan(ann, 2000, 'month', 1, 'monthly');
  plans.annAnnual = await plan(ann, 12500, 'year', 1, 'annual');
  plans.benQuarterly = await plan(ben, 3000, 'month', 3, 'quarterly');
  plans.catMonthly = await plan(cat, 1500, 'month', 1, 'monthly');
  plans.danMonthly = await plan(dan, 4000, 'month', 1, 'monthly');
  plans.eveNow = await plan(eve, 1000, 'month', 1, 'monthly');
  plans.eveLater = await plan(eve, 700, 'month', 1, 'monthly');
  // Cat's card declines from now on (Stripe's 4000 0000 0000 0341): her renewal fails and she falls past due.
  const declining = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: cat });
  await stripe.subscriptions.update(plans.catMonthly.id, { default_payment_method: declining.id });
  await stripe.subscriptions.update(plans.danMonthly.id, { pause_collection: { behavior: 'void' } });
  await stack.emulator!.advanceClock(31 * DAY);
  await stripe.subscriptions.cancel(plans.eveNow.id);
  await stripe.subscriptions.update(plans.eveLater.id, { cancel_at_period_end: true });
  await settle();
}, 120000);
afterAll(() => stack?.stop());

describe("the Recurring view's figures", () => {
  it("equal the sums computed from the emulator's own subscriptions", async () => {
    const subs = await stripe.subscriptions.list({ status: 'all', limit: 100 }).autoPagingToArray({ limit: 1000 });
    expect(subs).toHaveLength(7);
    const expected = expectedFigures(subs, Math.floor(Date.now() / 1000));
    // The scenario reaches every figure, so a figure stuck at zero cannot pass.
    expect(expected).toEqual({ activeDonors: 3, monthlyRecurringRevenue: 47.42, pastDue: 1, canceledLast30Days: 1 });
    const res = await api.get('/api/admin/recurring/summary').expect(200);
    expect(res.body).toEqual({
      ...expected,
      byStatus: { active: 4, past_due: 1, paused: 1, canceled: 1, incomplete: 0 },
    });
  });

  it('lists plans newest first, a keyset page at a time, whole and by status', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { plans: { id: string }[]; nextCursor: string | null } } = await api
        .get(`/api/admin/recurring/plans?limit=3${cursor ? `&cursor=${cursor}` : ''}`)
        .expect(200);
      expect(res.body.plans).toHaveLength(seen.length < 6 ? 3 : 1);
      seen.push(...res.body.plans.map((p) => p.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    const stripeOrder = (await stripe.subscriptions.list({ status: 'all', limit: 100 })).data
      .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1))
      .map((s) => s.id);
    expect(seen).toEqual(stripeOrder);

    const pastDue = await api.get('/api/admin/recurring/plans?status=past_due').expect(200);
    expect(pastDue.body.nextCursor).toBeNull();
    expect(pastDue.body.plans).toEqual([
      expect.objectContaining({
        id: plans.catMonthly.id,
        donorName: 'Cat Declined',
        amount: 15,
        frequency: 'monthly',
        status: 'past_due',
      }),
    ]);
    const paused = await api.get('/api/admin/recurring/plans?status=paused').expect(200);
    expect(paused.body.plans).toEqual([
      expect.objectContaining({ id: plans.danMonthly.id, status: 'paused', nextChargeDate: null }),
    ]);
  });

  it('shows the next charge, start and scheduled end as Stripe has them', async () => {
    const later = await stripe.subscriptions.retrieve(plans.eveLater.id);
    const annual = await stripe.subscriptions.retrieve(plans.annAnnual.id);
    const { body } = await api.get('/api/admin/recurring/plans?status=active&limit=100').expect(200);
    const byId = Object.fromEntries(body.plans.map((p: { id: string }) => [p.id, p]));
    expect(byId[annual.id]).toMatchObject({
      amount: 125,
      frequency: 'annual',
      nextChargeDate: annual.items.data[0].current_period_end,
      started: annual.start_date,
      cancelAtPeriodEnd: false,
    });
    expect(byId[later.id]).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      nextChargeDate: null,
      cancelAt: later.cancel_at,
    });
  });

  it('refuses a bad filter or cursor with 400', async () => {
    expect((await api.get('/api/admin/recurring/plans?status=lapsed')).status).toBe(400);
    expect((await api.get('/api/admin/recurring/plans?cursor=bm90LWEtY3Vyc29y')).status).toBe(400);
    expect((await api.get('/api/admin/recurring/plans?limit=1000')).status).toBe(400);
  });
});

describe("a donor's plans and the admin's actions", () => {
  it("lists the donor's plans with the failed renewal Stripe is retrying", async () => {
    const { body } = await api.get(`/api/admin/donors/${plans.catMonthly.customer}/plans`).expect(200);
    const open = (await stripe.invoices.list({ subscription: plans.catMonthly.id, status: 'open' })).data;
    expect(open).toHaveLength(1);
    expect(body.plans).toEqual([
      expect.objectContaining({
        id: plans.catMonthly.id,
        status: 'past_due',
        failedInvoices: [
          {
            id: open[0].id,
            status: 'open',
            amountDue: 15,
            attemptCount: open[0].attempt_count,
            nextPaymentAttempt: open[0].next_payment_attempt,
            created: open[0].created,
          },
        ],
      }),
    ]);
    expect((await api.get('/api/admin/donors/cus_nobody/plans').expect(200)).body).toEqual({ plans: [] });
  });

  it('pauses and resumes through Stripe; the read model follows the webhooks; both audited', async () => {
    const { admin, token } = await signIn(
      stack,
      await createAdmin(stack, { role: 'bookkeeper', email: 'books@example.org' }),
    );
    const books = authed(stack, token);
    const id = plans.annMonthly.id;
    expect((await books.post(`/api/admin/recurring/plans/${id}/pause`).send({}).expect(200)).body).toEqual({
      id,
      result: 'paused',
      stripeStatus: 'active',
    });
    expect((await stripe.subscriptions.retrieve(id)).pause_collection).toEqual({ behavior: 'void', resumes_at: null });
    await settle(
      async () =>
        (await stack.db.query(`SELECT plan_status FROM subscriptions WHERE id = $1`, [id]))[0].plan_status === 'paused',
    );
    expect((await books.post(`/api/admin/recurring/plans/${id}/pause`).send({})).status).toBe(409);
    await books.post(`/api/admin/recurring/plans/${id}/resume`).send({}).expect(200);
    await settle(
      async () =>
        (await stack.db.query(`SELECT plan_status FROM subscriptions WHERE id = $1`, [id]))[0].plan_status === 'active',
    );
    const audit = await stack.db.query(
      `SELECT action, admin_id, details FROM audit_log WHERE action LIKE 'plan.%' ORDER BY id`,
    );
    expect(audit).toEqual([
      {
        action: 'plan.paused',
        admin_id: admin.id,
        details: { customerId: plans.annMonthly.customer, subscriptionId: id },
      },
      {
        action: 'plan.resumed',
        admin_id: admin.id,
        details: { customerId: plans.annMonthly.customer, subscriptionId: id },
      },
    ]);
    // Each change on the donor's behalf is confirmed to the donor's stored address, as the donor's own would be.
    const confirmations = await stack.db.query(
      `SELECT p.action, p.actor_kind, p.admin_id, o.recipient FROM plan_changes p JOIN outbound_mail o ON o.kind = 'plan-change' AND o.subject_key = p.id::text
        WHERE p.subscription_id = $1 ORDER BY p.created_at`,
      [id],
    );
    expect(confirmations).toEqual([
      { action: 'pause', actor_kind: 'admin', admin_id: admin.id, recipient: 'ann@example.org' },
      { action: 'resume', actor_kind: 'admin', admin_id: admin.id, recipient: 'ann@example.org' },
    ]);
  });

  it('cancels at the period end (still active) and now (ended); the figures move with Stripe', async () => {
    const ben = plans.benQuarterly.id;
    await api.post(`/api/admin/recurring/plans/${ben}/cancel`).send({ when: 'period_end' }).expect(200);
    const cat = plans.catMonthly.id;
    expect(
      (await api.post(`/api/admin/recurring/plans/${cat}/cancel`).send({ when: 'now' }).expect(200)).body,
    ).toMatchObject({ result: 'canceled', stripeStatus: 'canceled' });
    await settle(
      async () =>
        (await stack.db.query(`SELECT plan_status FROM subscriptions WHERE id = $1`, [cat]))[0].plan_status ===
        'canceled',
    );
    await settle(
      async () =>
        (await stack.db.query(`SELECT cancel_at_period_end FROM subscriptions WHERE id = $1`, [ben]))[0]
          .cancel_at_period_end,
    );
    expect((await api.post(`/api/admin/recurring/plans/${ben}/cancel`).send({ when: 'period_end' })).status).toBe(409);

    expect((await stripe.subscriptions.retrieve(ben)).status).toBe('active');
    const subs = await stripe.subscriptions.list({ status: 'all', limit: 100 }).autoPagingToArray({ limit: 1000 });
    const expected = expectedFigures(subs, Math.floor(Date.now() / 1000));
    expect(expected).toMatchObject({ pastDue: 0, canceledLast30Days: 2 });
    expect((await api.get('/api/admin/recurring/summary').expect(200)).body).toMatchObject(expected);
    expect((await api.post(`/api/admin/recurring/plans/${cat}/cancel`).send({ when: 'now' })).status).toBe(409);
    expect(
      await stack.db.query(
        `SELECT action FROM audit_log WHERE action IN ('plan.canceled', 'plan.cancel_scheduled') ORDER BY id`,
      ),
    ).toEqual([{ action: 'plan.cancel_scheduled' }, { action: 'plan.canceled' }]);
  });

  it('refuses unknown plans (404) and a missing choice (400), and changes nothing in Stripe', async () => {
    expect((await api.post('/api/admin/recurring/plans/sub_unknown/pause').send({})).status).toBe(404);
    expect((await api.post('/api/admin/recurring/plans/not-a-plan/resume').send({})).status).toBe(404);
    expect((await api.post(`/api/admin/recurring/plans/${plans.annAnnual.id}/cancel`).send({})).status).toBe(400);
    expect(
      (await api.post(`/api/admin/recurring/plans/${plans.annAnnual.id}/cancel`).send({ when: 'tomorrow' })).status,
    ).toBe(400);
    expect((await stripe.subscriptions.retrieve(plans.annAnnual.id)).status).toBe('active');
  });

  it('keeps plan_totals and the active donors equal to the plans themselves through every change', async () => {
    const totals = await stack.db.query(
      `SELECT plan_status, frequency, plans, amount::int FROM plan_totals WHERE plans <> 0 ORDER BY 1, 2`,
    );
    const recount = await stack.db.query(
      `SELECT plan_status, coalesce(frequency, '') AS frequency, count(*)::int AS plans, sum(amount)::int AS amount FROM subscriptions GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(totals).toEqual(recount);
    expect(totals.length).toBeGreaterThan(3);
    const donors = await stack.db.query(`SELECT customer_id, active_plans FROM recurring_donors ORDER BY 1`);
    expect(donors).toEqual(
      await stack.db.query(
        `SELECT customer_id, count(*)::int AS active_plans FROM subscriptions WHERE plan_status = 'active' GROUP BY 1 ORDER BY 1`,
      ),
    );
    expect((await stack.db.query(`SELECT active_donors FROM recurring_totals`))[0].active_donors).toBe(donors.length);
    await stack.db.query(`TRUNCATE subscriptions`);
    expect(await stack.db.query(`SELECT * FROM plan_totals WHERE plans <> 0 OR amount <> 0`)).toEqual([]);
    expect(await stack.db.query(`SELECT * FROM recurring_donors`)).toEqual([]);
    expect((await stack.db.query(`SELECT active_donors FROM recurring_totals`))[0].active_donors).toBe(0);
  });
});
