import request from 'supertest';
import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { addDays, dayOf, todayIn } from '../../core/src/gifts/calendar.js';
import { authed, createAdmin, signIn, type TestAdmin } from '../helpers/admin.js';
import { Authenticator } from '../helpers/authenticator.js';
import { acknowledgmentsOnSince, waitForMails } from '../helpers/donor-mail.js';
import { fetchPdf } from '../helpers/pdf.js';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.js';
import { startStack, type Stack } from '../helpers/stack.js';

const TZ = 'America/Chicago';
const NAME = 'Hillside Adult Learning Center';
const OLD_NAME = 'Hillside Learning Center';
const PHONE = '(870) 555-0199';
const EIN = '71-0999999';

/**
 * One edit reaches the site, the staff's and the donors' e-mail, every PDF and what Stripe is told: an editor
 * publishes a new name, EIN, phone number and street address on the website; then the acknowledgment, the
 * year-end, month-end and appeal PDFs, the admin e-mails, the authenticator app's name for the codes, the
 * payments' descriptions and the served page carry them, and the IRS sentences keep their words.
 */
describe('the published school facts reach e-mail, PDFs, Stripe and the served page', () => {
  let smtp: SmtpCatcher;
  let stack: Stack;
  let stripe: Stripe;
  let owner: ReturnType<typeof authed>;
  let ownerAdmin: TestAdmin;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    stack = await startStack({ env: { SMTP_URL: smtp.url } });
    stripe = createStripeClient(stack.env);
    await acknowledgmentsOnSince(stack.db, new Date(Date.now() - 86400_000));

    const editor = authed(stack, (await signIn(stack, await createAdmin(stack, { role: 'editor' }))).token);
    const { body } = await editor.get('/api/admin/website/pages').expect(200);
    const current = (page: string) =>
      (body.pages as Array<{ page: string; published: Record<string, string> }>).find((p) => p.page === page)!
        .published;
    await editor
      .put('/api/admin/website/pages/contact/draft')
      .send({ content: { ...current('contact'), phone: PHONE, street: '12 Hilltop Lane' } })
      .expect(200);
    await editor.post('/api/admin/website/pages/contact/publish').expect(200);
    await editor
      .put('/api/admin/website/pages/school/draft')
      .send({ content: { ...current('school'), name: NAME, ein: EIN } })
      .expect(200);
    await editor.post('/api/admin/website/pages/school/publish').expect(200);

    const signedIn = await signIn(stack, await createAdmin(stack, { name: 'Olive Owner' }));
    owner = authed(stack, signedIn.token);
    ownerAdmin = signedIn.admin;
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
    await smtp?.close();
  });

  it('a published phone, address, name and EIN appear in the acknowledgment and the statement PDF', async () => {
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
    expect(ack.subject).toContain(NAME);
    for (const s of [
      PHONE,
      '12 Hilltop Lane, Marshall, AR 72650',
      `${NAME} is a 501(c)(3) tax-exempt organization. EIN ${EIN}.`,
    ]) {
      expect(ack.text).toContain(s);
      expect(ack.html).toContain(s);
    }
    expect(ack.text).not.toContain('(870) 555-0142');
    expect(ack.from?.value[0].name).toBe(NAME);

    const year = dayOf(new Date(), TZ).slice(0, 4);
    const { text } = await fetchPdf(owner.get(`/api/admin/tax-exports/year-end/${c.id}/${year}`).expect(200));
    expect(text).toContain(NAME);
    expect(text).toContain('12 Hilltop Lane, Marshall, AR 72650');
    expect(text).toContain(`EIN ${EIN}`);
    expect(text).toContain(`${NAME} is a 501(c)(3) tax-exempt organization.`);
  });

  it('the month-end and appeal PDFs for the board carry the published name', async () => {
    const month = todayIn(TZ).slice(0, 7);
    const monthEnd = await fetchPdf(owner.get(`/api/stripe/month-end/pdf?month=${month}`).expect(200));
    expect(monthEnd.text).toContain(`${NAME}: month-end`);
    expect(monthEnd.text).not.toContain(OLD_NAME);

    const today = todayIn(TZ);
    const created = await owner
      .post('/api/admin/appeals')
      .send({
        name: 'Spring picnic',
        slug: 'picnic',
        goalKind: 'donors',
        goalCount: 40,
        startsOn: today,
        endsOn: addDays(today, 9),
      })
      .expect(201);
    const appeal = await fetchPdf(owner.get(`/api/admin/appeal-reports/${created.body.id}/pdf`).expect(200));
    expect(appeal.text).toContain(NAME);
    expect(appeal.text).not.toContain(OLD_NAME);
  });

  it('the staff e-mails (invitation, password reset, two-factor set up again) and the authenticator app name the published school', async () => {
    await owner
      .post('/api/admin/admins')
      .send({ email: 'sam@example.org', name: 'Sam Books', role: 'bookkeeper' })
      .expect(201);
    const [invite] = await waitForMails(smtp, 'sam@example.org', 1);
    expect(invite.subject).toBe(`You are invited to the admin area - ${NAME}`);
    expect(invite.text).toContain(`to the admin area of ${NAME}.`);
    expect(invite.from?.value[0].name).toBe(NAME);

    await request(stack.apiUrl).post('/api/admin/password-reset/request').send({ email: ownerAdmin.email }).expect(200);
    const [reset] = await waitForMails(smtp, ownerAdmin.email, 1);
    expect(reset.subject).toBe(`Reset your admin password - ${NAME}`);
    expect(reset.from?.value[0].name).toBe(NAME);

    const setup = await owner
      .post('/api/admin/account/two-factor/setup')
      .send({ password: ownerAdmin.password })
      .expect(200);
    const otpauth = new URL(setup.body.otpauthUrl);
    expect(otpauth.searchParams.get('issuer')).toBe(NAME);
    expect(decodeURIComponent(otpauth.pathname)).toBe(`/${NAME}:${ownerAdmin.email}`);
    const app = new Authenticator(setup.body.secret);
    await owner
      .post('/api/admin/account/two-factor/confirm')
      .send({ code: await app.nextCode() })
      .expect(200);
    const mails = await waitForMails(smtp, ownerAdmin.email, 2);
    const changed = mails.find((m) => m.subject?.startsWith('Two-factor sign-in was set up again'))!;
    expect(changed.subject).toBe(`Two-factor sign-in was set up again - ${NAME}`);
    expect(changed.text).toContain(`Call ${PHONE} if you need help.`);
  });

  it('the payments the API starts tell Stripe the published name (one-time, recurring, made monthly)', async () => {
    const donationData = (email: string, frequency: string) => ({
      frequency,
      firstName: 'Rosa',
      lastName: 'Fields',
      email,
    });
    const intent = (body: object) => request(stack.apiUrl).post('/api/create-payment-intent').send(body);

    const once = await intent({ amount: 2500, donationData: donationData('rosa@example.org', 'one-time') }).expect(200);
    const pi = await stripe.paymentIntents.retrieve(once.body.paymentIntentId);
    expect(pi.description).toBe(`Donation to ${NAME}`);

    const plan = await intent({ amount: 2000, donationData: donationData('ray@example.org', 'quarterly') }).expect(200);
    const sub = await stripe.subscriptions.retrieve(plan.body.subscriptionId);
    expect(sub.description).toBe(`Quarterly donation to ${NAME}`);

    await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' });
    const monthly = await request(stack.apiUrl)
      .post('/api/donation/make-monthly')
      .send({ paymentIntentId: pi.id, recordToken: once.body.recordToken })
      .expect(200);
    expect((await stripe.subscriptions.retrieve(monthly.body.subscriptionId)).description).toBe(
      `Monthly donation to ${NAME}`,
    );
  });

  it('the served page (title, description, no-JavaScript line, header before the app starts) says the published name and phone', async () => {
    const html = (await request(stack.apiUrl).get('/contact').expect(200)).text;
    // The page descriptions are the staff's own words (Website > Pages, like the About text), so a rename does not
    // rewrite them; everything else outside the site's data block follows the published facts.
    const outsideData = html
      .replace(/<script type="application\/json" id="site-pages">[\s\S]*?<\/script>/, '')
      .replace(/<meta (name="description"|property="og:description") [^>]*>/g, '');
    expect(outsideData).toContain(`<title>Contact | ${NAME}</title>`);
    expect(outsideData).toContain(`<meta property="og:title" content="Contact | ${NAME}">`);
    expect(outsideData).toContain(`Please call ${PHONE}.`);
    expect(outsideData).toContain(`<span class="brand__name">${NAME}<small>`);
    expect(outsideData).not.toContain(OLD_NAME);
    expect(outsideData).not.toContain('(870) 555-0142');
  });
});
