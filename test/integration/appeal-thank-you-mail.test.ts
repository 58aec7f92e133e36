import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { addDays, todayIn } from '../../core/src/gifts/calendar.js';
import { authed, signIn } from '../helpers/admin.js';
import { acknowledgmentsOnSince, waitForMails } from '../helpers/donor-mail.js';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * An appeal's thank-you paragraph in the acknowledgment the SMTP receiver gets: after the greeting, above the
 * receipt table and the IRS sentence (both still there), as text in the HTML part (markup typed by staff is
 * escaped); a gift to no appeal, and a recorded check credited to the appeal, each get what they should.
 */
const NO_GOODS = 'No goods or services were provided in exchange for these contributions.';
const THANKS = 'Thanks to you, the <em>van</em> rolls in spring.';

describe("an appeal's thank-you paragraph in the acknowledgment", () => {
  let smtp: SmtpCatcher;
  let stack: Stack;
  let stripe: Stripe;
  let api: ReturnType<typeof authed>;
  let appealId: string;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    stack = await startStack({ env: { SMTP_URL: smtp.url } });
    stripe = createStripeClient(stack.env);
    api = authed(stack, (await signIn(stack)).token);
    await acknowledgmentsOnSince(stack.db, new Date(Date.now() - 86400_000));
    const today = todayIn(stack.env.TIME_ZONE);
    const res = await api
      .post('/api/admin/appeals')
      .send({
        name: 'A new van',
        slug: 'van',
        goalKind: 'dollars',
        goalCents: 500000,
        startsOn: addDays(today, -1),
        endsOn: addDays(today, 9),
        thankYouText: THANKS,
      })
      .expect(201);
    appealId = res.body.id;
    await api.post(`/api/admin/appeals/${appealId}/publish`).expect(200);
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
    await smtp?.close();
  });

  async function give(email: string, metadata: Record<string, string>) {
    const c = await stripe.customers.create({ name: 'Rosa Park', email });
    await stripe.paymentIntents.create({
      amount: 30000,
      currency: 'usd',
      customer: c.id,
      payment_method: 'pm_card_visa',
      confirm: true,
      metadata: { frequency: 'one-time', source: 'website', ...metadata },
    });
    return (await waitForMails(smtp, email, 1))[0];
  }

  it('stands between the greeting and the receipt, above the IRS sentence, escaped in the HTML part', async () => {
    const ack = await give('rosa.appeal@example.org', { appeal_id: appealId });
    const text = ack.text!;
    expect(text.indexOf(THANKS)).toBeGreaterThan(text.indexOf('Dear Rosa Park,'));
    expect(text.indexOf(THANKS)).toBeLessThan(text.indexOf('Receipt number:'));
    expect(text.indexOf(THANKS)).toBeLessThan(text.indexOf(NO_GOODS));
    for (const s of ['$300.00', 'EIN 71-0123456', NO_GOODS, 'This e-mail is your receipt']) expect(text).toContain(s);
    const html = ack.html as string;
    expect(html).toContain('Thanks to you, the &#60;em&#62;van&#60;/em&#62; rolls in spring.');
    expect(html).not.toContain('<em>van</em>');
    expect(html.indexOf('Thanks to you')).toBeLessThan(html.indexOf(NO_GOODS));
  });

  it('a gift to no appeal has no such paragraph; a check credited to the appeal has it', async () => {
    const plain = await give('rosa.plain@example.org', {});
    expect(plain.text).not.toContain('Thanks to you');
    expect(plain.text).toContain(NO_GOODS);
    await api
      .post('/api/admin/manual-donations')
      .send({
        donorName: 'Ruth Check',
        donorEmail: 'ruth.check@example.org',
        amount: '500',
        donationType: 'check',
        donationDate: todayIn(stack.env.TIME_ZONE),
        appealId,
      })
      .expect(201);
    const [check] = await waitForMails(smtp, 'ruth.check@example.org', 1);
    expect(check.text!.indexOf(THANKS)).toBeLessThan(check.text!.indexOf(NO_GOODS));
    expect(check.text!.indexOf(THANKS)).toBeGreaterThan(0);
  });
});
