import request from 'supertest';
import type Stripe from 'stripe';
import { emailKey } from '../../core/src/donor-identity/email-key.js';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { businessDayAfter } from '../../core/src/gifts/bank-settlement.js';
import { dayOf } from '../../core/src/gifts/calendar.js';
import { tokenHash } from '../../core/src/tokens/opaque-token.js';
import { InboxPruner } from '../../worker/src/inbox/inbox-pruner.js';
import { authed, signIn } from '../helpers/admin.js';
import { acknowledgmentsOnSince, waitForMails, waitForMailsMatching } from '../helpers/donor-mail.js';
import { waitForProjection } from '../helpers/events.js';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.js';
import { clearLinkLimits, donorAs } from '../helpers/my-giving-api.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * Donors' self-service (/my-giving) with real parts: the emulator holds the gifts and sends signed webhooks,
 * the worker projects them and sends the sign-in links through the outbox to a real SMTP server, and the
 * tests open the links they received.
 */
const DAY = 86400;
const LINK = /\/my-giving#link=([A-Za-z0-9_-]{43})/;
/** Ann's address as stored (the mailer lower-cases only the domain): her links go there, however she types it. */
const ANN = 'Ann.Giver@example.org';

describe('My Giving: sign-in links, the donor session and its scope', () => {
  let smtp: SmtpCatcher;
  let stack: Stack;
  let stripe: Stripe;
  let product: string;
  const gifts: Record<string, { customer: string; sub: string }> = {};

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    stack = await startStack({ env: { SMTP_URL: smtp.url } });
    stripe = createStripeClient(stack.env);
    product = (await stripe.products.create({ name: 'Recurring donation' })).id;
    await stack.emulator!.advanceClock(-33 * DAY); // renewals below move the clock a month ahead, still in the past
    await acknowledgmentsOnSince(stack.db, new Date(Date.now() - 40 * DAY * 1000));
    for (const [key, email, card] of [
      ['ann', 'Ann.Giver@example.org', 'pm_card_visa'],
      ['ben', 'ben@example.org', 'pm_card_mastercard'],
    ] as const) {
      const c = await stripe.customers.create({ name: key === 'ann' ? 'Ann Giver' : 'Ben Other', email });
      const pm = await stripe.paymentMethods.attach(card, { customer: c.id });
      const sub = await stripe.subscriptions.create({
        customer: c.id,
        default_payment_method: pm.id,
        items: [{ price_data: { currency: 'usd', unit_amount: 2000, product, recurring: { interval: 'month' } } }],
        metadata: { frequency: 'monthly', source: 'website' },
      });
      gifts[key] = { customer: c.id, sub: sub.id };
    }
    await stack.emulator!.flushWebhooks(30_000);
    await waitForProjection(stack, {
      predicate: async () => (await stack.db.query(`SELECT 1 FROM charges WHERE status = 'succeeded'`)).length === 2,
    });
  }, 90_000);
  afterAll(async () => {
    await stack?.stop();
    await smtp?.close();
  });

  const api = () => request(stack.apiUrl);
  const donor = (token: string) => donorAs(stack, token);

  const clearLimits = () => clearLinkLimits(stack);

  /** Asks for a link and answers the token of the e-mail that arrived (the nth to that address). */
  async function linkFor(email: string, nth: number): Promise<string> {
    await clearLimits();
    const res = await api().post('/api/my-giving/link').send({ email });
    expect(res.status).toBe(202);
    const mails = await waitForMailsMatching(smtp, emailKey(email) === emailKey(ANN) ? ANN : email, LINK, nth);
    const m = LINK.exec(mails[nth - 1].text ?? '');
    expect(m).not.toBeNull();
    return m![1];
  }

  async function sessionFor(email: string, nth: number): Promise<string> {
    const res = await api()
      .post('/api/my-giving/session')
      .send({ token: await linkFor(email, nth) });
    expect(res.status).toBe(200);
    return res.body.sessionToken;
  }

  it('answers the same for a known and an unknown address; only the known one gets a link, stored hashed', async () => {
    const known = await api().post('/api/my-giving/link').send({ email: 'ann.giver@EXAMPLE.org' });
    const unknown = await api().post('/api/my-giving/link').send({ email: 'nobody@example.org' });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    expect(known.status).toBe(202);
    expect(known.body.message).toBe(
      'If we have gifts under that address, a sign-in link is on its way. It works once, for 30 minutes.',
    );
    const [mail] = await waitForMails(smtp, ANN, 1);
    expect(mail.subject).toBe('Your sign-in link for My Giving - Hillside Learning Center');
    expect(mail.text).toContain('The link works once, for 30 minutes.');
    const token = LINK.exec(mail.text ?? '')![1];
    expect(mail.html).toContain(`/my-giving#link=${token}`);
    const links = await stack.db.query(`SELECT email, customer_ids, purpose, token_hash FROM donor_links`);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ email: ANN, customer_ids: [gifts.ann.customer], purpose: 'manage' });
    expect(Buffer.compare(links[0].token_hash, tokenHash(token))).toBe(0);
    const dump =
      JSON.stringify(await stack.db.query(`SELECT * FROM donor_links`)) +
      JSON.stringify(await stack.db.query(`SELECT * FROM outbound_mail`));
    expect(dump).not.toContain(token);
    expect(smtp.mails.filter((m) => m.to.includes('nobody@example.org'))).toEqual([]);
  });

  it("opens the donor's page: the recurring gift with its card and next date, this year's gifts with receipt numbers, the statement", async () => {
    const session = donor(await sessionFor('ann.giver@example.org', 2));
    const res = await session.get('/api/my-giving');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const sub = await stripe.subscriptions.retrieve(gifts.ann.sub);
    expect(res.body).toMatchObject({ purpose: 'manage', email: ANN });
    expect(res.body.plans).toEqual([
      {
        id: gifts.ann.sub,
        amount: 2000,
        feeCoverage: 0,
        frequency: 'monthly',
        status: 'active',
        cardBrand: 'visa',
        cardLast4: '4242',
        bankLast4: null,
        unpaidRenewal: false,
        nextChargeDate: new Date(sub.items.data[0].current_period_end * 1000).toISOString(),
        started: new Date(sub.created * 1000).toISOString(),
      },
    ]);
    // 33 days old: older than the acknowledger looks back, so it has no receipt number until the admin sends one.
    expect(res.body.gifts).toEqual([
      expect.objectContaining({ amount: 2000, frequency: 'monthly', receiptNumber: null }),
    ]);
    const { token: adminToken } = await signIn(stack);
    const [charge] = await stack.db.query(`SELECT id FROM charges WHERE customer_id = $1`, [gifts.ann.customer]);
    const sent = await authed(stack, adminToken)
      .post(`/api/admin/donors/${gifts.ann.customer}/acknowledgments`)
      .send({ giftKind: 'card', giftId: charge.id });
    expect(sent.status).toBe(202);
    const again = await session.get('/api/my-giving');
    expect(again.body.gifts).toEqual([
      {
        id: charge.id,
        day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        amount: 2000,
        frequency: 'monthly',
        receiptNumber: sent.body.receiptNumber,
      },
    ]);
    expect(res.body.statements).toEqual([{ customerId: gifts.ann.customer, year: res.body.year }]);
    const pdf = await session.get(`/api/my-giving/statements/${gifts.ann.customer}/${res.body.year}`).buffer(true);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    const [audit] = await stack.db.query(
      `SELECT actor_kind, donor_id, success FROM audit_log WHERE action = 'donor.signed_in' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toEqual({ actor_kind: 'donor', donor_id: gifts.ann.customer, success: true });
  });

  it('a used, expired or unknown link says so clearly and opens nothing', async () => {
    const token = await linkFor('ben@example.org', 1);
    expect((await api().post('/api/my-giving/session').send({ token })).status).toBe(200);
    const used = await api().post('/api/my-giving/session').send({ token });
    expect({ status: used.status, message: used.body.message }).toEqual({
      status: 410,
      message: 'This sign-in link has already been used. Please ask for a new one.',
    });

    const late = await linkFor('ben@example.org', 2);
    await stack.db.query(`UPDATE donor_links SET expires_at = now() - interval '1 minute' WHERE token_hash = $1`, [
      tokenHash(late),
    ]);
    const expired = await api().post('/api/my-giving/session').send({ token: late });
    expect({ status: expired.status, message: expired.body.message }).toEqual({
      status: 410,
      message: 'This sign-in link has expired. Please ask for a new one.',
    });

    for (const bad of ['A'.repeat(43), 'short', '']) {
      const res = await api().post('/api/my-giving/session').send({ token: bad });
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 400,
        message: 'This sign-in link is not valid. Please ask for a new one.',
      });
    }
    const sessions = await stack.db.query(
      `SELECT count(*)::int AS n FROM donor_sessions s JOIN donor_links l ON l.id = s.link_id WHERE l.email = 'ben@example.org'`,
    );
    expect(sessions[0].n).toBe(1);
    // A session keeps no copy of the donor's customers: its reach is read per request (migration 1764710000000).
    const columns = await stack.db.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'donor_sessions' ORDER BY ordinal_position`,
    );
    expect(columns.map((c: { column_name: string }) => c.column_name)).toEqual([
      'id',
      'token_hash',
      'link_id',
      'purpose',
      'subscription_id',
      'created_at',
      'last_seen_at',
      'expires_at',
      'ended_at',
    ]);
  });

  it("swapping ids: donor A's session on donor B's gift answers 404 and changes nothing", async () => {
    const ann = donor(await sessionFor('ann.giver@example.org', 3));
    const ben = gifts.ben.sub;
    const before = await stripe.subscriptions.retrieve(ben);
    const auditBefore = (
      await stack.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'donor.plan.%'`)
    )[0].n;
    for (const [path, body] of [
      [`/api/my-giving/plans/${ben}/amount`, { amount: 100 }],
      [`/api/my-giving/plans/${ben}/pause`, {}],
      [`/api/my-giving/plans/${ben}/resume`, {}],
      [`/api/my-giving/plans/${ben}/cancel`, { when: 'now' }],
      [`/api/my-giving/plans/${ben}/card-setup`, {}],
      [`/api/my-giving/plans/${ben}/card`, { setupIntentId: 'seti_123' }],
      [`/api/my-giving/plans/sub_doesnotexist/pause`, {}],
    ] as const) {
      const res = await ann.post(path, body);
      expect({ path, status: res.status, message: res.body.message }).toEqual({
        path,
        status: 404,
        message: 'Gift not found',
      });
    }
    const pdf = await ann.get(`/api/my-giving/statements/${gifts.ben.customer}/2026`);
    expect(pdf.status).toBe(404);
    const after = await stripe.subscriptions.retrieve(ben);
    expect(after).toEqual(before);
    expect(await stripe.setupIntents.list({ customer: gifts.ben.customer })).toMatchObject({ data: [] });
    expect(
      (await stack.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'donor.plan.%'`))[0].n,
    ).toBe(auditBefore);
    const overview = await ann.get('/api/my-giving');
    expect(overview.body.plans.map((p: { id: string }) => p.id)).toEqual([gifts.ann.sub]);
  });

  it('a donor session reaches no admin route, an admin session is no donor session, and an idle session ends', async () => {
    const token = await sessionFor('ann.giver@example.org', 4);
    for (const path of ['/api/stripe/customers', '/api/admin/me', `/api/admin/donors/${gifts.ann.customer}/messages`]) {
      const res = await request(stack.apiUrl).get(path).set('Authorization', `Bearer ${token}`);
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
    }
    const { token: adminToken } = await signIn(stack);
    expect((await donor(adminToken).get('/api/my-giving')).status).toBe(401);
    expect((await api().get('/api/my-giving')).status).toBe(401);

    expect((await donor(token).get('/api/my-giving')).status).toBe(200);
    await stack.db.query(
      `UPDATE donor_sessions SET last_seen_at = now() - interval '31 minutes' WHERE token_hash = $1`,
      [tokenHash(token)],
    );
    const idle = await donor(token).get('/api/my-giving');
    expect({ status: idle.status, message: idle.body.message }).toEqual({
      status: 401,
      message: 'Your sign-in has ended. Please ask for a new link.',
    });

    const other = await sessionFor('ann.giver@example.org', 5);
    expect((await donor(other).post('/api/my-giving/sign-out')).status).toBe(204);
    expect((await donor(other).get('/api/my-giving')).status).toBe(401);
  });

  it("old sign-in links and their sessions are forgotten with the inbox's retention (at least 8 days)", async () => {
    const [{ n }] = await stack.db.query(`SELECT count(*)::int AS n FROM donor_links`);
    await stack.db.query(
      `UPDATE donor_links SET created_at = now() - interval '91 days' WHERE email = 'ben@example.org'`,
    );
    await stack.workers[0].get(InboxPruner).prune();
    expect(await stack.db.query(`SELECT DISTINCT email FROM donor_links ORDER BY email`)).toEqual([{ email: ANN }]);
    const [{ left }] = await stack.db.query(`SELECT count(*)::int AS left FROM donor_links`);
    expect(left).toBe(n - 2);
    expect(
      await stack.db.query(
        `SELECT 1 FROM donor_sessions s WHERE NOT EXISTS (SELECT 1 FROM donor_links l WHERE l.id = s.link_id)`,
      ),
    ).toEqual([]);
  });

  it('link requests over the limit answer 429 with Retry-After, for an unknown address too', async () => {
    await clearLimits();
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await api().post('/api/my-giving/link').send({ email: 'flood@example.org' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.body.message).toBe('Too many requests for a sign-in link. Please wait a few minutes and try again.');
    // Per address and per client address: five other addresses from the same client reach its limit of ten.
    for (let i = 0; i < 4; i++)
      expect(
        (
          await api()
            .post('/api/my-giving/link')
            .send({ email: `other${i}@example.org` })
        ).status,
      ).toBe(202);
    expect((await api().post('/api/my-giving/link').send({ email: 'other9@example.org' })).status).toBe(429);
    await clearLimits();
    const bad = await api().post('/api/my-giving/link').send({ email: 'not an address' });
    expect({ status: bad.status, message: bad.body.message }).toEqual({
      status: 400,
      message: 'email: Please enter a valid e-mail address',
    });
  });

  it('a gift by bank account still processing is listed as processing, with the day its money is expected', async () => {
    const c = await stripe.customers.create({ name: 'Cal Bank', email: 'cal@example.org' });
    const pi = await stripe.paymentIntents.create({
      amount: 10_000,
      currency: 'usd',
      customer: c.id,
      metadata: { frequency: 'one-time' },
    });
    const processing = await stripe.paymentIntents.confirm(pi.id, {
      payment_method_data: {
        type: 'us_bank_account',
        billing_details: { name: 'Cal Bank' },
        us_bank_account: {
          routing_number: '110000000',
          account_number: '000123456789',
          account_holder_type: 'individual',
        },
      },
      mandate_data: {
        customer_acceptance: { type: 'online', online: { ip_address: '127.0.0.1', user_agent: 'jest' } },
      },
    });
    expect(processing.status).toBe('processing');
    await stack.emulator!.flushWebhooks(30_000);
    await waitForProjection(stack, {
      predicate: async () =>
        (await stack.db.query(`SELECT 1 FROM charges WHERE customer_id = $1 AND status = 'pending'`, [c.id])).length ===
        1,
    });
    const page = (await donor(await sessionFor('cal@example.org', 1)).get('/api/my-giving')).body;
    const [charge] = await stack.db.query(`SELECT id, created FROM charges WHERE customer_id = $1`, [c.id]);
    const day = dayOf(charge.created, stack.env.TIME_ZONE);
    expect(page.processing).toEqual([
      {
        id: charge.id,
        day,
        expectedDay: businessDayAfter(day, 4),
        amount: 10_000,
        frequency: 'one-time',
        bankLast4: '6789',
      },
    ]);
    expect(page.gifts).toEqual([]);
    expect(page.timeZone).toBe(stack.env.TIME_ZONE);
  });
});
