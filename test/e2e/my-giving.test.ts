import type { Browser, Page } from 'playwright-core';
import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { authed, signIn } from '../helpers/admin.js';
import { checkAtWidths, runAxe } from '../helpers/axe.js';
import { launchBrowser, screenshot } from '../helpers/browser.js';
import { acknowledgmentsOnSince, parsedMails, waitForMails } from '../helpers/donor-mail.js';
import { waitUntil } from '../helpers/faults.js';
import { waitForProjection } from '../helpers/events.js';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * Donors manage their own gift in Chromium, against the emulator and a real SMTP receiver: a monthly $20 gift
 * given on /donate becomes $35 through the e-mailed link (keyboard only) and the next renewal charges $35; a
 * declined renewal's e-mail leads straight to updating the card, which pays the missed gift; a used link says
 * so and offers a new one; a gift switched to Stripe's test bank account shows it on the plan. axe finds nothing
 * on the page in any of its states, at 390 and 1280 px.
 */
const DAY = 86400;
const TOKEN = /\/my-giving#link=([A-Za-z0-9_-]{43})/;

describe('My Giving in the browser', () => {
  let smtp: SmtpCatcher;
  let stack: Stack;
  let stripe: Stripe;
  let browser: Browser;
  let page: Page;
  let usedLink = '';

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    stack = await startStack({ env: { SMTP_URL: smtp.url } });
    stripe = createStripeClient(stack.env);
    // A month of renewals follows, ending in the past (the API refuses events dated in the future).
    await stack.emulator!.advanceClock(-33 * DAY);
    await acknowledgmentsOnSince(stack.db, new Date(Date.now() - 40 * DAY * 1000));
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  }, 120_000);
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await stack?.stop();
    await smtp?.close();
  });

  /** The page at both widths: no axe violations, and a screenshot of each. */
  const checkPage = (name: string) => checkAtWidths(page, `my-giving-${name}`);

  /** An e-mail's HTML part as a mail program shows it: no axe violations at either width. */
  async function checkMail(html: string, name: string) {
    const mailPage = await browser.newPage();
    try {
      for (const width of [390, 1280]) {
        await mailPage.setViewportSize({ width, height: 900 });
        await mailPage.setContent(html);
        expect({ name, width, violations: await runAxe(mailPage) }).toEqual({ name, width, violations: [] });
        await screenshot(mailPage, `my-giving-${name}-mail-${width}`);
      }
    } finally {
      await mailPage.close();
    }
  }

  /** Moves the keyboard focus forward with Tab until it is on the button or link named `name`. */
  async function tabTo(name: string | RegExp, max = 60) {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => (document.activeElement?.textContent ?? '').trim());
      if (typeof name === 'string' ? focused === name : name.test(focused)) return;
    }
    throw new Error(`Tab never reached ${name}`);
  }

  /** The link of the nth e-mail to `email`, on the test's server (the e-mail names PUBLIC_URL). */
  async function linkIn(email: string, nth: number): Promise<string> {
    const mails = await waitForMails(smtp, email, nth, 60_000);
    return `${stack.apiUrl}/my-giving#link=${TOKEN.exec(mails[nth - 1].text ?? '')![1]}`;
  }

  async function renew(subscriptionId: string) {
    const end = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0].current_period_end;
    await stack.emulator!.advanceClock(end - stack.emulator!.now() + 60);
    await stack.emulator!.flushWebhooks(30_000);
    await waitForProjection(stack);
  }

  it("a monthly $20 gift from /donate becomes $35 through the e-mailed link, with the keyboard only; the admin's monthly recurring revenue moves by $15 and the next renewal charges $35", async () => {
    const email = 'mia.monthly@example.org';
    await page.goto(`${stack.apiUrl}/donate`, { waitUntil: 'networkidle' });
    await page.getByLabel('Donation Amount').fill('20');
    await page.getByLabel('Frequency').selectOption('monthly');
    for (const [label, value] of [
      ['First Name', 'Mia'],
      ['Last Name', 'Monthly'],
      ['Email', email],
      ['Address', '4 Oak Lane'],
      ['City', 'Marshall'],
      ['State', 'AR'],
      ['ZIP Code', '72650'],
    ])
      await page.getByLabel(label).fill(value);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel(/Expiration date/).fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $20.00' }).click();
    await page.locator('.toast', { hasText: 'Donation Recorded' }).waitFor({ timeout: 30_000 });
    await waitForProjection(stack, {
      predicate: async () =>
        (await stack.db.query(`SELECT 1 FROM subscriptions WHERE status = 'active' AND amount = 2000`)).length === 1,
    });
    const [sub] = await stack.db.query(`SELECT id, customer_id FROM subscriptions WHERE amount = 2000`);

    // The footer leads to the page; the donor asks for a link.
    await page.goto(`${stack.apiUrl}/`, { waitUntil: 'networkidle' });
    await page.locator('footer').getByRole('link', { name: 'Manage My Giving' }).click();
    await page.getByRole('heading', { name: 'Sign in with your e-mail' }).waitFor();
    await checkPage('ask');
    await page.getByLabel('Your e-mail address').focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await page.getByText('If we have gifts under that address, a sign-in link is on its way.').waitFor();
    await checkPage('asked');

    usedLink = await linkIn(email, 1);
    await checkMail((await waitForMails(smtp, email, 1))[0].html as string, 'sign-in');
    await page.goto(usedLink, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: '$20.00 monthly' }).waitFor();
    expect(page.url()).toBe(`${stack.apiUrl}/my-giving`); // the token left the address bar
    await expect(page.locator('.plan-card').innerText()).resolves.toMatch(
      /Active[\s\S]*Next charge[\s\S]*Visa ending in 4242/,
    );
    await checkPage('signed-in');

    // The admin's monthly recurring revenue, read from the same read model, before and after the change.
    const { token: adminToken } = await signIn(stack);
    const mrr = async () =>
      (await authed(stack, adminToken).get('/api/admin/recurring/summary').expect(200)).body
        .monthlyRecurringRevenue as number;
    const mrrBefore = await mrr();

    // Keyboard only: to the button, Enter, the amount, Tab to the confirmation, Enter.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tabTo('Change amount');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Change your monthly gift' });
    await dialog.waitFor();
    await expect(dialog.innerText()).resolves.toContain('The new amount applies from the next charge on');
    await page.keyboard.type('35');
    await checkPage('change-amount');
    await page.setViewportSize({ width: 1280, height: 900 });
    await tabTo('Change to $35.00', 5);
    await page.keyboard.press('Enter');
    await page.getByText(/^Your monthly gift is now \$35\.00 from the next charge on/).waitFor();
    await expect(page.evaluate(() => document.activeElement?.classList.contains('plan-card__result'))).resolves.toBe(
      true,
    );
    await page.getByRole('heading', { name: '$35.00 monthly' }).waitFor({ timeout: 20_000 });
    expect(await mrr()).toBeCloseTo(mrrBefore + 15, 2);

    // Pause and resume, with the keyboard too: the confirm dialog opens on its safe choice.
    await tabTo('Pause gift');
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog', { name: 'Pause your monthly gift?' }).waitFor();
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Keep it going');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('Your monthly gift is paused. Nothing will be charged until you resume it.').waitFor();
    await page.locator('.plan-card .badge', { hasText: 'Paused' }).waitFor({ timeout: 20_000 });
    await tabTo('Resume gift');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Resume your monthly gift?' }).waitFor();
    await tabTo('Resume my gift', 5);
    await page.keyboard.press('Enter');
    await page.getByText(/^Your monthly gift is running again\./).waitFor();
    await page.locator('.plan-card .badge', { hasText: 'Active' }).waitFor({ timeout: 20_000 });

    await renew(sub.id);
    const charges = (await stripe.charges.list({ customer: sub.customer_id })).data.map((c) => [c.amount, c.status]);
    expect(charges).toEqual([
      [3500, 'succeeded'],
      [2000, 'succeeded'],
    ]);
    const rows = await stack.db.query(
      `SELECT amount::int FROM charges WHERE subscription_id = $1 AND status = 'succeeded' ORDER BY created`,
      [sub.id],
    );
    expect(rows).toEqual([{ amount: 2000 }, { amount: 3500 }]);
  }, 180_000);

  it('a used link says so and offers a new one', async () => {
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(usedLink, { waitUntil: 'networkidle' });
    await page
      .getByRole('alert')
      .filter({ hasText: 'This sign-in link has already been used. Please ask for a new one.' })
      .waitFor();
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).waitFor();
    await checkPage('used-link');
  }, 60_000);

  it('a renewal declined on card 4000 0000 0000 0341: the e-mail leads to updating the card (keyboard only), the missed gift is paid and the plan is active', async () => {
    const email = 'cy.card@example.org';
    const customer = await stripe.customers.create({ name: 'Cy Card', email });
    const pm = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customer.id });
    const product = (await stripe.products.create({ name: 'Recurring donation' })).id;
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      default_payment_method: pm.id,
      metadata: { frequency: 'monthly', source: 'website' },
      items: [{ price_data: { currency: 'usd', unit_amount: 2500, product, recurring: { interval: 'month' } } }],
      billing_cycle_anchor: stack.emulator!.now() + DAY,
      proration_behavior: 'none',
    });
    await renew(sub.id);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('past_due');

    const [mail] = await waitForMails(smtp, email, 1, 60_000);
    expect(mail.subject).toBe('Your monthly gift could not be charged - Hillside Learning Center');
    await checkMail(mail.html as string, 'payment-failed');
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(await linkIn(email, 1), { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: '$25.00 monthly' }).waitFor();
    await expect(page.locator('.plan-card').innerText()).resolves.toMatch(
      /Payment failed[\s\S]*Visa ending in 0341[\s\S]*The last charge was declined/,
    );
    expect(await page.getByRole('button', { name: 'Pause gift' }).count()).toBe(0);
    await checkPage('card-link');

    // The keyboard alone, as for the other actions: to the button, into the card field, through its parts, to Save.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tabTo('Update card');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Change how your gift is paid' }).waitFor();
    await page.getByLabel('Card number').waitFor();
    for (
      let i = 0;
      i < 10 && (await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)) !== 'cardnumber';
      i++
    ) {
      await page.keyboard.press('Tab');
    }
    // A Visa number may run to 19 digits, so Tab leaves it; like Stripe's own field, a complete date moves on to the CVC.
    await page.keyboard.type('4242 4242 4242 4242');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1234');
    await page.keyboard.type('123');
    await expect(page.getByLabel('CVC').inputValue()).resolves.toBe('123');
    await checkPage('card-dialog');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel('CVC').focus();
    await tabTo('Save card and pay $25.00', 5);
    await page.keyboard.press('Enter');
    await page
      .getByText(
        'Your new card is saved and the missed payment of $25.00 went through. Your monthly gift is active again. Thank you!',
      )
      .waitFor({ timeout: 30_000 });
    await page.locator('.plan-card').getByText('Visa ending in 4242').waitFor({ timeout: 20_000 });
    await page.locator('.plan-card .badge', { hasText: 'Active' }).waitFor();

    await waitForProjection(stack, {
      predicate: async () =>
        (await stack.db.query(`SELECT 1 FROM subscriptions WHERE id = $1 AND status = 'active'`, [sub.id])).length ===
        1,
    });
    const { token } = await signIn(stack);
    const tx = await authed(stack, token).get(`/api/stripe/customer/${customer.id}/transactions`).expect(200);
    const list = (Array.isArray(tx.body) ? tx.body : tx.body.transactions) as Array<{ amount: number; status: string }>;
    // The declined renewal, and the same gift paid with the new card.
    expect(list.map((t) => [t.amount, t.status])).toEqual([
      [2500, 'succeeded'],
      [2500, 'failed'],
    ]);
  }, 180_000);

  it('switches the monthly gift from its card to the test bank account (routing 110000000, account 000123456789): the plan shows "Bank •••• 6789"', async () => {
    const email = 'mia.monthly@example.org';
    await page.evaluate(() => sessionStorage.clear());
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${stack.apiUrl}/my-giving`, { waitUntil: 'networkidle' });
    // The donor's mailbox also holds the gift's acknowledgments: the link is in the next mail that has one.
    const before = smtp.mails.filter((m) => m.to.includes(email)).length;
    await page.getByLabel('Your e-mail address').fill(email);
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await waitUntil(async () => (await parsedMails(smtp, email)).slice(before).some((m) => TOKEN.test(m.text ?? '')), {
      timeoutMs: 60_000,
    });
    const mail = (await parsedMails(smtp, email)).slice(before).find((m) => TOKEN.test(m.text ?? ''))!;
    await page.goto(`${stack.apiUrl}/my-giving#link=${TOKEN.exec(mail.text ?? '')![1]}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: '$35.00 monthly' }).waitFor();
    await expect(page.locator('.plan-card').innerText()).resolves.toMatch(/Paid with\s*Visa ending in 4242/);
    const [sub] = await stack.db.query(`SELECT id, default_payment_method FROM subscriptions WHERE amount = 3500`);

    await page.getByRole('button', { name: 'Change payment method' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change how your gift is paid' });
    await dialog.waitFor();
    // Nothing is set up while the details are incomplete: the field says what is missing.
    await dialog.getByRole('radio', { name: 'US bank account' }).check();
    await dialog.getByRole('button', { name: 'Save bank account' }).click();
    await dialog.getByText("Enter the account holder's name, the routing number and the account number.").waitFor();
    await expect(
      stripe.setupIntents.list({ customer: (await stripe.subscriptions.retrieve(sub.id)).customer as string }),
    ).resolves.toMatchObject({ data: [] });
    await dialog.getByLabel('Account holder name').fill('Mia Monthly');
    await dialog.getByLabel('Routing number').fill('110000000');
    await dialog.getByLabel('Account number').fill('000123456789');
    await checkPage('bank-dialog');
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: 'Save bank account' }).click();
    await page
      .getByText('Your new bank account is saved. Your monthly gift will be paid from it from now on.')
      .waitFor({ timeout: 30_000 });
    await page.locator('.plan-card').getByText('Bank •••• 6789').waitFor({ timeout: 20_000 });
    await expect(page.locator('.plan-card .badge').innerText()).resolves.toBe('Active');
    await checkPage('bank-saved');

    // The read model, from the webhooks: the gift's default is the saved account, with its mandate at Stripe.
    const [now] = await stack.db.query(
      `SELECT s.default_payment_method AS pm, p.brand, p.last4 FROM subscriptions s JOIN payment_methods p ON p.id = s.default_payment_method WHERE s.id = $1`,
      [sub.id],
    );
    expect(now).toMatchObject({ brand: null, last4: '6789' });
    expect(now.pm).not.toBe(sub.default_payment_method);
    const pm = await stripe.paymentMethods.retrieve(now.pm);
    expect(pm).toMatchObject({
      type: 'us_bank_account',
      us_bank_account: { last4: '6789', routing_number: '110000000' },
      billing_details: { name: 'Mia Monthly' },
    });
    const [audit] = await stack.db.query(
      `SELECT details FROM audit_log WHERE action = 'donor.plan.card' AND details->>'type' = 'us_bank_account'`,
    );
    expect(audit.details).toMatchObject({ subscriptionId: sub.id, paymentMethod: now.pm, paidInvoices: 0 });
  }, 120_000);
});
