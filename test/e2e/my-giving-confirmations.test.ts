import type { Browser, Page } from 'playwright-core';
import type Stripe from 'stripe';
import { outbox } from '../../core/src/mail-outbox/outbox.repository.js';
import { DEFAULT_CARD_FEE, feeCoverageFor } from '../../core/src/gifts/fee-coverage.js';
import { mailDate } from '../../core/src/school/donor-mail-texts.js';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { checkAtWidths, runAxe } from '../helpers/axe.js';
import { launchBrowser, screenshot } from '../helpers/browser.js';
import { acknowledgmentsOnSince, parsedMails, waitForOutboxSent } from '../helpers/donor-mail.js';
import { waitForProjection } from '../helpers/events.js';
import { waitUntil } from '../helpers/faults.js';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * A monthly donor who covers the fees ($50 + $1.80) and has a $100 gift by bank account still processing: My
 * Giving lists the bank gift as processing with the day its money is expected; changing the amount asks about the
 * fees again, with the fee shown; then the donor cancels. Each change sends one confirmation through the outbox to
 * the donor's stored address, and neither a retried request nor a retried queueing sends one again. axe finds
 * nothing in any state, at 390 and 1280 px.
 */
const TOKEN = /\/my-giving#link=([A-Za-z0-9_-]{43})/;
const DAY = 86400;

describe('My Giving: confirmations of changes, fee coverage, a bank gift on its way', () => {
  let smtp: SmtpCatcher;
  let stack: Stack;
  let stripe: Stripe;
  let browser: Browser;
  let page: Page;
  const email = 'nora.fees@example.org';
  let subId = '';
  let startedOn = '';
  let browserZone = '';

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    stack = await startStack({ env: { SMTP_URL: smtp.url } });
    stripe = createStripeClient(stack.env);
    await stack.emulator!.advanceClock(-3 * DAY);
    await acknowledgmentsOnSince(stack.db, new Date(Date.now() - 10 * DAY * 1000));
    const customer = await stripe.customers.create({ name: 'Nora Fees', email });
    const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const product = (await stripe.products.create({ name: 'Recurring donation' })).id;
    // As the donate form starts a $50 monthly gift with the fees covered: $51.80, the split in the metadata.
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      default_payment_method: pm.id,
      items: [{ price_data: { currency: 'usd', unit_amount: 5180, product, recurring: { interval: 'month' } } }],
      metadata: { frequency: 'monthly', source: 'website', gift_cents: '5000', fee_coverage_cents: '180' },
    });
    subId = sub.id;
    // The browser runs in a time zone where the gift's start falls on another day than at the school (UTC-12 or
    // UTC+14: one of them always does), so a date shown in the browser's zone would be caught.
    const schoolHour = Number(
      new Intl.DateTimeFormat('en-US', { timeZone: stack.env.TIME_ZONE, hour: 'numeric', hourCycle: 'h23' }).format(
        sub.start_date * 1000,
      ),
    );
    browserZone = schoolHour < 6 ? 'Etc/GMT+12' : 'Etc/GMT-14';
    startedOn = mailDate(new Date(sub.start_date * 1000), stack.env.TIME_ZONE);
    expect(mailDate(new Date(sub.start_date * 1000), browserZone)).not.toBe(startedOn);
    const pi = await stripe.paymentIntents.create({
      amount: 10_000,
      currency: 'usd',
      customer: customer.id,
      metadata: { frequency: 'one-time', source: 'website' },
    });
    await stripe.paymentIntents.confirm(pi.id, {
      payment_method_data: {
        type: 'us_bank_account',
        billing_details: { name: 'Nora Fees' },
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
    await stack.emulator!.flushWebhooks(30_000);
    await waitForProjection(stack, {
      predicate: async () =>
        (
          await stack.db.query(`SELECT 1 FROM charges WHERE customer_id = $1 AND status IN ('pending', 'succeeded')`, [
            customer.id,
          ])
        ).length === 2,
    });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, timezoneId: browserZone });
  }, 120_000);
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await stack?.stop();
    await smtp?.close();
  });

  const checkPage = (name: string) => checkAtWidths(page, `my-giving-confirm-${name}`);

  const confirmations = async () =>
    (await parsedMails(smtp, email)).filter((m) => m.subject?.startsWith('Your monthly gift:'));

  it('lists the bank gift as processing, changes the amount asking about the fees, cancels: one e-mail per change, never a second', async () => {
    await page.goto(`${stack.apiUrl}/my-giving`, { waitUntil: 'networkidle' });
    await page.getByLabel('Your e-mail address').fill(email);
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    // The donor's mailbox also holds the gift's acknowledgment: the link is in the mail that has one.
    await waitUntil(async () => (await parsedMails(smtp, email)).some((m) => TOKEN.test(m.text ?? '')), {
      timeoutMs: 60_000,
    });
    const link = (await parsedMails(smtp, email)).find((m) => TOKEN.test(m.text ?? ''))!;
    await page.goto(`${stack.apiUrl}/my-giving#link=${TOKEN.exec(link.text ?? '')![1]}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: '$51.80 monthly' }).waitFor();

    // The bank gift on its way: listed, with the day its money is expected; no receipt yet.
    const processing = page.locator('.processing-gift');
    await expect(processing.innerText()).resolves.toMatch(
      /\$100\.00 one-time gift from the bank account ending in 6789\s*Processing since \w+ \d{1,2}, \d{4}\. Expected by \w+ \d{1,2}, \d{4}/,
    );
    await expect(page.locator('.plan-card').innerText()).resolves.toMatch(/Fees covered\s*\$1\.80 of each gift/);
    // Dates are the school's, whatever the browser's time zone.
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(browserZone);
    await expect(page.locator('.plan-card').innerText()).resolves.toContain(`Started\n${startedOn}`);
    await checkPage('signed-in');

    // The amount: the fee question is asked again, ticked as the gift covers the fees today, with the fee shown.
    await page.getByRole('button', { name: 'Change amount' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change your monthly gift' });
    await dialog.waitFor();
    await page.getByLabel('New amount in dollars').fill('75');
    const fee = feeCoverageFor(7500, DEFAULT_CARD_FEE);
    const total = `$${((7500 + fee) / 100).toFixed(2)}`;
    const box = dialog.getByRole('checkbox', {
      name: new RegExp(`^Add \\$${(fee / 100).toFixed(2)} so all of my \\$75\\.00 goes to the school`),
    });
    await expect(box.isChecked()).resolves.toBe(true);
    await checkPage('change-amount');
    await dialog.getByRole('button', { name: `Change to ${total}` }).click();
    await page
      .getByText(
        `Your monthly gift is now ${total} ($75.00 + $${(fee / 100).toFixed(2)} fees) from the next charge on`,
        { exact: false },
      )
      .waitFor();
    await page.getByRole('heading', { name: `${total} monthly` }).waitFor({ timeout: 20_000 });
    expect((await stripe.subscriptions.retrieve(subId)).metadata).toMatchObject({
      gift_cents: '7500',
      fee_coverage_cents: String(fee),
      fee_method: 'card',
    });

    // Cancel at the end of the period.
    await page.getByRole('button', { name: 'Cancel gift' }).click();
    await page.getByRole('alertdialog', { name: 'Cancel your monthly gift?' }).waitFor();
    await checkPage('cancel');
    await page.getByRole('button', { name: 'Cancel my gift' }).click();
    await page.getByText(/^Your monthly gift will end on/).waitFor();
    await page.locator('.plan-card .badge', { hasText: 'Ending' }).waitFor({ timeout: 20_000 });
    await checkPage('canceling');

    // Two confirmations, one per change, to the stored address, saying what changed and when it takes effect.
    await waitUntil(async () => (await confirmations()).length >= 2, { timeoutMs: 30_000, intervalMs: 100 });
    const mails = await confirmations();
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Your monthly gift: amount changed - Hillside Learning Center',
      'Your monthly gift: canceled - Hillside Learning Center',
    ]);
    const amountMail = mails.find((m) => m.subject!.includes('amount changed'))!;
    expect(amountMail.text).toMatch(
      new RegExp(
        `your monthly gift was changed from \\$51\\.80 to \\${total} \\(including \\$${(fee / 100).toFixed(2)} to cover the processing fees\\)\\. The new amount is charged from your next gift on \\w+ \\d{1,2}, \\d{4}`,
      ),
    );
    expect(mails.find((m) => m.subject!.includes('canceled'))!.text).toMatch(
      /It ends on \w+ \d{1,2}, \d{4}, and nothing is charged after that\./,
    );
    for (const m of mails) expect(m.to).toMatchObject({ text: email });
    // The e-mail as a mail program shows it: no axe violations at either width.
    const mailPage = await browser.newPage();
    for (const width of [390, 1280]) {
      await mailPage.setViewportSize({ width, height: 900 });
      await mailPage.setContent(amountMail.html as string);
      expect({ width, violations: await runAxe(mailPage) }).toEqual({ width, violations: [] });
      await screenshot(mailPage, `my-giving-confirm-amount-mail-${width}`);
    }
    await mailPage.close();

    // A retry: the donor's request sent again, and the same confirmation queued again, add no e-mail.
    const token = await page.evaluate(() => sessionStorage.getItem('myGivingSession'));
    expect(token).toBeTruthy();
    const again = await fetch(`${stack.apiUrl}/api/my-giving/plans/${subId}/cancel`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ when: 'period_end' }),
    });
    expect(again.status).toBe(200);
    const rows = await stack.db.query(
      `SELECT kind, subject_key, recipient, customer_id FROM outbound_mail WHERE kind = 'plan-change'`,
    );
    expect(rows).toHaveLength(2);
    for (const r of rows)
      expect(
        await outbox.enqueue(stack.db, {
          kind: r.kind,
          subjectKey: r.subject_key,
          recipient: r.recipient,
          customerId: r.customer_id,
        }),
      ).toBeNull();
    await waitForOutboxSent(stack.db, 3);
    expect(await stack.db.query(`SELECT count(*)::int AS n FROM outbound_mail WHERE kind = 'plan-change'`)).toEqual([
      { n: 2 },
    ]);
    expect(await confirmations()).toHaveLength(2);
  }, 180_000);
});
