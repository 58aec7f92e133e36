import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { dayOf } from '../../core/src/gifts/calendar.js';
import { authed, signIn } from '../helpers/admin.js';
import { acknowledgmentsOnSince, outboxState, waitForMails, waitForOutboxSent } from '../helpers/donor-mail.js';
import { waitForProjection } from '../helpers/events.js';
import { waitUntil } from '../helpers/faults.js';
import { acknowledgerPass } from '../helpers/passes.js';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * Acknowledgments end to end with real parts: the emulator makes gifts and sends signed webhooks, the API
 * stores them, the in-process worker projects them, the acknowledger queues the e-mail and the outbox sender
 * delivers it to a real SMTP server; the assertions read what arrived.
 */
const NO_GOODS = 'No goods or services were provided in exchange for these contributions.';
const DAY = 86400;

describe('acknowledgments by e-mail', () => {
  let smtp: SmtpCatcher;
  let stack: Stack;
  let stripe: Stripe;
  let token: string;
  let api: ReturnType<typeof authed>;
  const receiptYear = (at: Date) => dayOf(at, 'America/Chicago').slice(0, 4);

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    stack = await startStack({ env: { SMTP_URL: smtp.url } });
    stripe = createStripeClient(stack.env);
    ({ token } = await signIn(stack));
    api = authed(stack, token);
    // The renewal below moves the emulator clock a month ahead; the API refuses events dated in the future.
    await stack.emulator!.advanceClock(-33 * DAY);
    await acknowledgmentsOnSince(stack.db, new Date(Date.now() - 40 * DAY * 1000));
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
    await smtp?.close();
  });

  async function customer(name: string, email: string) {
    const c = await stripe.customers.create({ name, email });
    const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: c.id });
    await stripe.customers.update(c.id, { invoice_settings: { default_payment_method: pm.id } });
    return { customer: c, pm };
  }

  it('a card gift: one acknowledgment with the amount, receipt number, EIN and the no-goods sentence; a partial refund corrects it, a full refund voids it', async () => {
    await stack.emulator!.advanceClock(30 * DAY); // 3 days ago: inside the acknowledger's window
    const { customer: c, pm } = await customer('Rosa Park', 'rosa@example.org');
    const pi = await stripe.paymentIntents.create({
      amount: 30000,
      currency: 'usd',
      customer: c.id,
      payment_method: pm.id,
      confirm: true,
      metadata: { frequency: 'one-time', source: 'website' },
    });
    const [ack] = await waitForMails(smtp, 'rosa@example.org', 1);
    const [charge] = await stack.db.query(`SELECT id, created FROM charges WHERE payment_intent_id = $1`, [pi.id]);
    const number = `${receiptYear(charge.created)}-000001`;
    expect(ack.subject).toBe(`Thank you for your gift - receipt ${number} - Hillside Learning Center`);
    expect(ack.from?.value[0]).toEqual({ name: 'Hillside Learning Center', address: 'no-reply@hillsidelearning.org' });
    for (const s of ['$300.00', number, 'EIN 71-0123456', NO_GOODS, 'Dear Rosa Park,', 'Visa ending in 4242']) {
      expect(ack.text).toContain(s);
      expect(ack.html).toContain(s);
    }
    const [row] = await stack.db.query(`SELECT id, status, attempts FROM outbound_mail WHERE gift_id = $1`, [
      charge.id,
    ]);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(ack.messageId).toMatch(new RegExp(`^<${row.id}\\.\\d+\\.outbox@hillsidelearning\\.org>$`));

    await stripe.refunds.create({ payment_intent: pi.id, amount: 10000 });
    const [, corrected] = await waitForMails(smtp, 'rosa@example.org', 2);
    expect(corrected.subject).toBe(`Corrected receipt ${number} - Hillside Learning Center`);
    expect(corrected.text).toContain('Amount given: $300.00\nAmount refunded: $100.00\nContribution: $200.00');

    await stripe.refunds.create({ payment_intent: pi.id });
    const [, , voided] = await waitForMails(smtp, 'rosa@example.org', 3);
    expect(voided.subject).toBe(`Receipt ${number} is void - Hillside Learning Center`);
    expect(voided.text).toContain(`the acknowledgment we sent you with receipt number ${number} is void`);
    const [ackRow] = await stack.db.query(
      `SELECT stated_refunded::int, voided_at IS NOT NULL AS voided FROM gift_acknowledgments WHERE gift_id = $1`,
      [charge.id],
    );
    expect(ackRow).toEqual({ stated_refunded: 30000, voided: true });
  });

  it('manual gifts: stock is described with no dollar value; a $150 gift that bought a $40 dinner says $110 is deductible', async () => {
    const today = dayOf(new Date(), 'America/Chicago');
    const stock = await api
      .post('/api/admin/manual-donations')
      .send({
        donorName: 'Sam Stock',
        donorEmail: 'sam@example.org',
        amount: '12,345.00',
        donationType: 'stock',
        donationDate: today,
        giftDescription: '100 shares of Acme Corporation (ACME)',
      });
    expect(stock.status).toBe(201);
    const [stockMail] = await waitForMails(smtp, 'sam@example.org', 1);
    expect(stockMail.text).toContain('Description: 100 shares of Acme Corporation (ACME)');
    expect(stockMail.text).toContain('Gift: Stock/Securities');
    expect(stockMail.text).not.toContain('$');
    expect(stockMail.html).not.toContain('$');

    const gala = await api
      .post('/api/admin/manual-donations')
      .send({
        donorName: 'Gina Gala',
        donorEmail: 'gina@example.org',
        amount: '150',
        donationType: 'check',
        donationDate: today,
        goodsDescription: 'a dinner at the spring gala',
        goodsValue: '40',
      });
    expect(gala.status).toBe(201);
    expect(gala.body).toMatchObject({ goodsDescription: 'a dinner at the spring gala', goodsValueCents: 4000 });
    const [galaMail] = await waitForMails(smtp, 'gina@example.org', 1);
    expect(galaMail.text).toContain('Amount: $150.00');
    expect(galaMail.text).toContain('estimated fair-market value of $40.00');
    expect(galaMail.text).toContain('$110.00');
    expect(galaMail.text).not.toContain(NO_GOODS);

    // Deleting an acknowledged manual gift voids its acknowledgment.
    await api.delete(`/api/admin/manual-donations/${gala.body.id}`).expect(200);
    const [, voided] = await waitForMails(smtp, 'gina@example.org', 2);
    expect(voided.subject).toMatch(/^Receipt \d{4}-\d{6} is void/);
    expect(voided.text).toContain('was removed from our records');
  });

  it('refuses goods without a value, a value without goods, and a value above the gift', async () => {
    const base = { donorName: 'Pat', amount: '50', donationType: 'cash', donationDate: '2026-01-15' };
    for (const [extra, message] of [
      [{ goodsDescription: 'a mug' }, 'Enter the fair-market value of what the donor received'],
      [{ goodsValue: '5' }, 'Describe what the donor received in return'],
      [
        { goodsDescription: 'a mug', goodsValue: '60' },
        'The value of what the donor received cannot be more than the gift',
      ],
      [{ goodsDescription: 'a mug', goodsValue: 'five' }, 'Enter the fair-market value as an amount (e.g., 40.00)'],
      [{ giftDescription: 'x'.repeat(501) }, 'Gift description must be at most 500 characters'],
    ] as const) {
      const res = await api.post('/api/admin/manual-donations').send({ ...base, ...extra });
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    }
  });

  it('a monthly plan: a gift older than the acknowledger looks back is not mailed until the admin sends it; its renewal gets its own, with a new receipt number', async () => {
    await stack.emulator!.advanceClock(-30 * DAY); // back to 33 days ago
    const { customer: c } = await customer('Mona Monthly', 'mona@example.org');
    const sub = await stripe.subscriptions.create({
      customer: c.id,
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
      metadata: { frequency: 'monthly', donation_type: 'monthly', source: 'website' },
    });
    await stack.emulator!.flushWebhooks(30_000);
    await waitForProjection(stack, {
      predicate: async () =>
        (await stack.db.query(`SELECT 1 FROM charges WHERE subscription_id = $1`, [sub.id])).length === 1,
    });
    const [first] = await stack.db.query(`SELECT id, created FROM charges WHERE subscription_id = $1`, [sub.id]);
    // 33 days old: outside the 14 days the acknowledger looks back, so its next pass queues nothing for it.
    await acknowledgerPass(stack);
    expect(await stack.db.query(`SELECT 1 FROM outbound_mail WHERE gift_id = $1`, [first.id])).toEqual([]);
    const sent = await api
      .post(`/api/admin/donors/${c.id}/acknowledgments`)
      .send({ giftKind: 'card', giftId: first.id });
    expect(sent.status).toBe(202);
    const [firstMail] = await waitForMails(smtp, 'mona@example.org', 1);
    expect(firstMail.text).toContain(`Receipt number: ${sent.body.receiptNumber}`);
    expect(firstMail.text).toContain('Frequency: Monthly');

    const periodEnd = (await stripe.subscriptions.retrieve(sub.id)).items.data[0].current_period_end;
    await stack.emulator!.advanceClock(periodEnd - stack.emulator!.now() + 60);
    const [, renewal] = await waitForMails(smtp, 'mona@example.org', 2);
    const [second] = await stack.db.query(`SELECT id, created FROM charges WHERE subscription_id = $1 AND id <> $2`, [
      sub.id,
      first.id,
    ]);
    const [ack] = await stack.db.query(
      `SELECT receipt_year, receipt_seq FROM gift_acknowledgments WHERE gift_id = $1`,
      [second.id],
    );
    const renewalNumber = `${ack.receipt_year}-${String(ack.receipt_seq).padStart(6, '0')}`;
    expect(renewalNumber).not.toBe(sent.body.receiptNumber);
    expect(renewal.text).toContain(`Receipt number: ${renewalNumber}`);
    expect(renewal.text).toContain('Amount: $25.00');
    expect(renewal.text).toMatch(/Frequency: Monthly\nNext gift: \w+ \d{1,2}, \d{4}/);
  });

  it("the donor's messages list every e-mail with its receipt number and status; Resend sends another", async () => {
    const [rosa] = await stack.db.query(`SELECT id FROM donors WHERE email = 'rosa@example.org'`);
    const res = await api.get(`/api/admin/donors/${rosa.id}/messages`).expect(200);
    expect(res.body.email).toBe('rosa@example.org');
    expect(res.body.messages.map((m: { kind: string; status: string }) => [m.kind, m.status])).toEqual([
      ['void', 'sent'],
      ['correction', 'sent'],
      ['acknowledgment', 'sent'],
    ]);
    expect(new Set(res.body.messages.map((m: { receiptNumber: string }) => m.receiptNumber)).size).toBe(1);
    // Refunded in full: nothing left to acknowledge.
    const [gift] = res.body.messages;
    const refused = await api
      .post(`/api/admin/donors/${rosa.id}/acknowledgments`)
      .send({ giftKind: 'card', giftId: gift.giftId });
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 400,
      message: 'This gift was refunded in full, so it has no acknowledgment to send',
    });

    const [mona] = await stack.db.query(`SELECT id FROM donors WHERE email = 'mona@example.org'`);
    const before = (await api.get(`/api/admin/donors/${mona.id}/messages`).expect(200)).body;
    const firstAck = before.messages.find((m: { kind: string }) => m.kind === 'acknowledgment');
    const again = await api
      .post(`/api/admin/donors/${mona.id}/acknowledgments`)
      .send({ giftKind: 'card', giftId: firstAck.giftId });
    expect(again.status).toBe(202);
    expect(again.body.receiptNumber).toBe(firstAck.receiptNumber);
    await waitForMails(smtp, 'mona@example.org', 3);
    await waitForOutboxSent(stack.db, 1);
    const after = (await api.get(`/api/admin/donors/${mona.id}/messages`).expect(200)).body;
    expect(after.messages).toHaveLength(before.messages.length + 1);
    expect(after.unacknowledgedGifts).toEqual([]);
    const audit = await stack.db.query(
      `SELECT details FROM audit_log WHERE action = 'acknowledgment.sent' ORDER BY id`,
    );
    expect(audit).toHaveLength(2);
  });

  it('bad requests: malformed ids and bodies are 400, unknown donors and gifts 404', async () => {
    const cases: Array<[string, string, unknown, number, string]> = [
      [
        'post',
        '/api/admin/donors/not-a-donor/acknowledgments',
        { giftKind: 'card', giftId: 'ch_1' },
        400,
        'Invalid donor id: not-a-donor (expected cus_...)',
      ],
      [
        'post',
        '/api/admin/donors/cus_nobody/acknowledgments',
        { giftKind: 'card', giftId: 'ch_1' },
        404,
        'Customer not found: cus_nobody',
      ],
      [
        'post',
        '/api/admin/donors/cus_nobody/acknowledgments',
        { giftKind: 'wire', giftId: 'ch_1' },
        400,
        'giftKind must be card or manual',
      ],
      [
        'post',
        '/api/admin/donors/cus_nobody/acknowledgments',
        { giftKind: 'card', giftId: "ch_1' OR 1=1" },
        400,
        'giftId must be a charge id (ch_...) or a manual gift id (uuid)',
      ],
      [
        'post',
        '/api/admin/donors/cus_nobody/acknowledgments',
        { giftKind: 'card', giftId: 'ch_1', extra: 1 },
        400,
        'property extra should not exist',
      ],
      [
        'patch',
        '/api/admin/settings',
        { automaticAcknowledgments: 'yes' },
        400,
        'automaticAcknowledgments must be true or false',
      ],
      ['post', '/api/admin/mail/abc/retry', {}, 400, 'Invalid message id'],
      ['post', '/api/admin/mail/999999/retry', {}, 404, 'No failed message with this id'],
      ['get', '/api/admin/donors/cus_nobody/messages', undefined, 404, 'Customer not found: cus_nobody'],
    ];
    for (const [method, path, body, status, message] of cases) {
      const req =
        method === 'get'
          ? api.get(path)
          : method === 'patch'
            ? api.patch(path).send(body as object)
            : api.post(path).send(body as object);
      const res = await req;
      expect({ path, status: res.status, message: res.body.message }).toEqual({ path, status, message });
    }
    const [rosa] = await stack.db.query(`SELECT id FROM donors WHERE email = 'rosa@example.org'`);
    const res = await api
      .post(`/api/admin/donors/${rosa.id}/acknowledgments`)
      .send({ giftKind: 'card', giftId: 'ch_doesnotexist' });
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 404,
      message: 'This donor has no such gift',
    });
  });

  it('the switch (Settings): off stops new acknowledgments; on again stamps a new moment, so the gifts made while it was off stay unmailed', async () => {
    const off = await api.patch('/api/admin/settings').send({ automaticAcknowledgments: false }).expect(200);
    expect(off.body.automaticAcknowledgments).toMatchObject({ value: false, updatedBy: 'Test Admin' });
    const today = dayOf(new Date(), 'America/Chicago');
    await api
      .post('/api/admin/manual-donations')
      .send({
        donorName: 'Quiet',
        donorEmail: 'quiet@example.org',
        amount: '20',
        donationType: 'cash',
        donationDate: today,
      })
      .expect(201);
    const on = await api.patch('/api/admin/settings').send({ automaticAcknowledgments: true }).expect(200);
    expect(Date.parse(on.body.automaticAcknowledgments.since)).toBeGreaterThan(
      Date.parse(off.body.automaticAcknowledgments.since),
    );
    expect((await api.get('/api/admin/acknowledgments/setting').expect(200)).body).toMatchObject({
      enabled: true,
      since: on.body.automaticAcknowledgments.since,
    });
    await api
      .post('/api/admin/manual-donations')
      .send({
        donorName: 'Heard',
        donorEmail: 'heard@example.org',
        amount: '20',
        donationType: 'cash',
        donationDate: today,
      })
      .expect(201);
    await waitForMails(smtp, 'heard@example.org', 1);
    await waitUntil(async () => (await outboxState(stack.db)).queued === 0, { timeoutMs: 10_000 });
    expect(smtp.mails.filter((m) => m.to.includes('quiet@example.org'))).toEqual([]);
    // Sending the same value again changes nothing and audits nothing.
    await api.patch('/api/admin/settings').send({ automaticAcknowledgments: true }).expect(200);
    const audit = await stack.db.query(
      `SELECT details->'to'->>'enabled' AS enabled FROM audit_log WHERE action = 'settings.changed' AND details->>'key' = 'acknowledgments.automatic' ORDER BY id`,
    );
    expect(audit).toEqual([{ enabled: 'false' }, { enabled: 'true' }]);
  });
});

describe('a mail server that refuses for good', () => {
  let smtp: SmtpCatcher;
  let stack: Stack;
  let api: ReturnType<typeof authed>;

  beforeAll(async () => {
    smtp = await startSmtpCatcher({ refuse: true });
    stack = await startStack({ emulator: false, env: { STRIPE_API_BASE: 'http://127.0.0.1:9', SMTP_URL: smtp.url } });
    api = authed(stack, (await signIn(stack)).token);
    await acknowledgmentsOnSince(stack.db, new Date(Date.now() - 60_000));
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
    await smtp?.close();
  });

  it('a 550 fails the message at once, visible to the admin with the reason; Retry queues it again', async () => {
    await api
      .post('/api/admin/manual-donations')
      .send({
        donorName: 'Rita Refused',
        donorEmail: 'rita@example.org',
        amount: '30',
        donationType: 'cash',
        donationDate: dayOf(new Date(), 'America/Chicago'),
      })
      .expect(201);
    await waitUntil(async () => (await outboxState(stack.db)).failed === 1, { timeoutMs: 20_000 });
    const [row] = await stack.db.query(`SELECT id, attempts, last_error FROM outbound_mail`);
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/550/);
    const summary = (await api.get('/api/admin/mail').expect(200)).body;
    expect(summary).toMatchObject({ queued: 0, failed: 1, smtpConfigured: true });
    expect(summary.failedMessages).toEqual([
      expect.objectContaining({
        id: String(row.id),
        kind: 'acknowledgment',
        recipient: 'rita@example.org',
        status: 'failed',
        lastError: row.last_error,
      }),
    ]);
    const health = (await api.get('/api/health').expect(200)).body;
    expect(health.mail).toMatchObject({ failed: 1 });

    expect((await api.post(`/api/admin/mail/${row.id}/retry`).expect(200)).body).toEqual({
      id: String(row.id),
      status: 'queued',
    });
    await waitUntil(
      async () =>
        (await stack.db.query(`SELECT attempts FROM outbound_mail WHERE status = 'failed'`))[0]?.attempts === 1 &&
        smtp.refused.length === 2,
      { timeoutMs: 20_000 },
    );
    expect(
      await stack.db.query(`SELECT action, details->>'mailId' AS id FROM audit_log WHERE action = 'mail.retried'`),
    ).toEqual([{ action: 'mail.retried', id: String(row.id) }]);
  });
});
