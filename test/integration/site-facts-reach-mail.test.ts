import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { dayOf } from '../../core/src/gifts/calendar.js';
import { authed, createAdmin, signIn } from '../helpers/admin.js';
import { acknowledgmentsOnSince, waitForMails } from '../helpers/donor-mail.js';
import { fetchPdf } from '../helpers/pdf.js';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * One edit reaches the site, the acknowledgments and the year-end PDFs: an editor publishes a new phone number,
 * street address and name on the website; the next acknowledgment e-mail and a statement PDF carry them, and the
 * IRS sentences keep their words.
 */
describe('the published school facts reach donor e-mail and year-end statements', () => {
  let smtp: SmtpCatcher;
  let stack: Stack;
  let stripe: Stripe;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    stack = await startStack({ env: { SMTP_URL: smtp.url } });
    stripe = createStripeClient(stack.env);
    await acknowledgmentsOnSince(stack.db, new Date(Date.now() - 86400_000));
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
    await smtp?.close();
  });

  it('a published phone, address and name appear in the acknowledgment and the statement PDF', async () => {
    const editor = authed(stack, (await signIn(stack, await createAdmin(stack, { role: 'editor' }))).token);
    const { body } = await editor.get('/api/admin/website/pages').expect(200);
    const current = (page: string) =>
      (body.pages as Array<{ page: string; published: Record<string, string> }>).find((p) => p.page === page)!
        .published;
    await editor
      .put('/api/admin/website/pages/contact/draft')
      .send({ content: { ...current('contact'), phone: '(870) 555-0199', street: '12 Hilltop Lane' } })
      .expect(200);
    await editor.post('/api/admin/website/pages/contact/publish').expect(200);
    await editor
      .put('/api/admin/website/pages/school/draft')
      .send({ content: { ...current('school'), name: 'Hillside Adult Learning Center' } })
      .expect(200);
    await editor.post('/api/admin/website/pages/school/publish').expect(200);

    const c = await stripe.customers.create({ name: 'Nora Field', email: 'nora@example.org' });
    const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: c.id });
    await stripe.paymentIntents.create({
      amount: 5000,
      currency: 'usd',
      customer: c.id,
      payment_method: pm.id,
      confirm: true,
      metadata: { frequency: 'one-time', source: 'website' },
    });
    const [ack] = await waitForMails(smtp, 'nora@example.org', 1);
    expect(ack.subject).toContain('Hillside Adult Learning Center');
    for (const s of [
      '(870) 555-0199',
      '12 Hilltop Lane, Marshall, AR 72650',
      'Hillside Adult Learning Center is a 501(c)(3) tax-exempt organization. EIN 71-0123456.',
    ]) {
      expect(ack.text).toContain(s);
      expect(ack.html).toContain(s);
    }
    expect(ack.text).not.toContain('(870) 555-0142');
    expect(ack.from?.value[0].name).toBe('Hillside Adult Learning Center');

    const owner = authed(stack, (await signIn(stack)).token);
    const year = dayOf(new Date(), 'America/Chicago').slice(0, 4);
    const { text } = await fetchPdf(owner.get(`/api/admin/tax-exports/year-end/${c.id}/${year}`).expect(200));
    expect(text).toContain('Hillside Adult Learning Center');
    expect(text).toContain('12 Hilltop Lane, Marshall, AR 72650');
    expect(text).toContain('Hillside Adult Learning Center is a 501(c)(3) tax-exempt organization.');
  });
});
