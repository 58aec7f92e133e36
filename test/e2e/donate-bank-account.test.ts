import { jest } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type Stripe from 'stripe';
import type { TestAdmin } from '../helpers/admin.js';
import { runAxe } from '../helpers/axe.js';
import { screenshot } from '../helpers/browser.js';
import { startBankGiftWorld, type BankGiftWorld } from '../helpers/bank-gift-world.js';
import { fillDonor, openDonate } from '../helpers/donate-page.js';
import { parsedMails, waitForMails } from '../helpers/donor-mail.js';
import { waitUntil } from '../helpers/faults.js';
import { mailPasses } from '../helpers/passes.js';
import type { SmtpCatcher } from '../helpers/smtp-catcher.js';
import type { Stack } from '../helpers/stack.js';

jest.setTimeout(240_000);

/**
 * Issue 20's done-when for bank payments, in Chromium against the emulator and a real SMTP receiver: a $1,000
 * gift from Stripe's test bank account (routing 110000000, account 000123456789) is pending on the dashboard
 * and counted nowhere, succeeds when the emulator clock passes its settlement day, and only then is
 * acknowledged; the failing account 000111111116 ends in a failed gift, one note to the donor, and totals that
 * never counted it.
 */
const DAY = 86400;
const donor = {
  firstName: 'Ada',
  lastName: 'Banks',
  address: '4 Ferry Lane',
  city: 'Marshall',
  state: 'AR',
  zipCode: '72650',
};
const GOOD = 'ada.banks@example.org';
const BAD = 'ada.returned@example.org';

describe('a $1,000 gift by bank account: pending, then received and acknowledged; a failing account, a note', () => {
  let world: BankGiftWorld;
  let smtp: SmtpCatcher;
  let stack: Stack;
  let stripe: Stripe;
  let browser: Browser;
  let admin: TestAdmin;
  let api: BankGiftWorld['api'];

  beforeAll(async () => {
    // Two bank payments each settle 4 days later: the clock goes back 10 days.
    world = await startBankGiftWorld(10);
    ({ smtp, stack, stripe, browser, api, admin } = world);
  }, 120_000);
  afterAll(() => world?.stop());

  const chargeOf = async (email: string) =>
    (await stack.db.query(`SELECT id, status, amount, brand, last4 FROM charges WHERE billing_email = $1`, [email]))[0];
  const overview = async () => (await api.get('/api/stripe/analytics').expect(200)).body.overview;

  /** The donate page up to the bank account's details, filled in. */
  async function bankStep(page: Page, email: string, account: string, coverFees = false) {
    await page.getByLabel('Donation Amount').fill('1000');
    await fillDonor(page, donor, email);
    if (coverFees) {
      // Step 1 offers the card figure: 2.9% + 30 cents on $1,030.17 nets $1,000.
      await page.getByRole('checkbox', { name: /Add \$30\.17 so all of my \$1,000 goes to the school/ }).check();
    }
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    if (coverFees) await page.getByRole('button', { name: 'Pay $1,030.17' }).waitFor();
    await page.getByRole('radio', { name: 'US bank account' }).check();
    // The holder's name comes from step 1; the donor may change it.
    await expect(page.getByLabel('Account holder name').inputValue()).resolves.toBe('Ada Banks');
    await page.getByLabel('Routing number').fill('110000000');
    await page.getByLabel('Account number').fill(account);
  }

  async function looked(page: Page, name: string) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect({ name, width, violations: await runAxe(page) }).toEqual({ name, width, violations: [] });
      await screenshot(page, `${name}-${width}`);
    }
  }

  async function dashboardText(page: Page): Promise<string> {
    const signedIn = page.url().includes('/stripe-data');
    await page.goto(`${stack.apiUrl}/stripe-data`);
    if (!signedIn) {
      await page.getByLabel('Email').fill(admin.email);
      await page.getByLabel('Password').fill(admin.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
    }
    await page.getByRole('heading', { name: 'Financial Analytics Dashboard' }).waitFor();
    await page.getByText('Total Revenue').waitFor();
    // The cards render before the analytics answer (as $0.00): wait for the answer itself, not for a quiet network.
    await page.getByRole('status').filter({ hasText: 'Loading analytics' }).waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    return (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  }

  it('pending on the dashboard and counted nowhere; received after the settlement day, then acknowledged once', async () => {
    const { page, errors } = await openDonate(browser, stack.apiUrl, 1280);
    await bankStep(page, GOOD, '000123456789');
    await looked(page, 'donate-bank-account');
    await page.getByRole('button', { name: 'Pay $1,000.00' }).click();
    const thanks = page.locator('.thank-you');
    await thanks.waitFor({ timeout: 30_000 });
    await page.locator('.toast', { hasText: 'Donation Recorded' }).waitFor();
    const said = (await thanks.innerText()).replace(/\s+/g, ' ');
    expect(said).toContain('Thank you, Ada! Your gift is on its way.');
    expect(said).toContain('You gave $1,000.00 (one-time)');
    expect(said).toMatch(
      /Your bank payment is processing\. Bank transfers take about 4 business days: we will e-mail your receipt when the money arrives, around \w+ \d{1,2}, \d{4}\./,
    );
    await looked(page, 'donate-bank-processing');
    expect(errors).toEqual([]);

    // The worker projected charge.pending / payment_intent.processing: a pending gift, apart from every total.
    await waitUntil(async () => (await chargeOf(GOOD))?.status === 'pending', { timeoutMs: 20_000 });
    await expect(chargeOf(GOOD)).resolves.toMatchObject({ amount: '100000', brand: null, last4: '6789' });
    await expect(overview()).resolves.toMatchObject({
      totalAmount: 0,
      totalDonations: 0,
      pendingDonations: 1,
      pendingAmount: 1000,
    });
    await expect(
      stack.db.query(`SELECT payment_intent_id FROM donation_records WHERE email = $1`, [GOOD]),
    ).resolves.toHaveLength(1);
    const admPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    let text = await dashboardText(admPage);
    expect(text).toContain(
      'Pending: 1 bank payment of $1,000.00 still processing, not counted in these totals until the money arrives.',
    );
    expect(text).toMatch(/Total Revenue \$0\.00/);
    await admPage.getByRole('tab', { name: 'Transactions' }).click();
    const row = admPage.locator('tr', { hasText: 'Bank •••• 6789' });
    await expect(row.locator('td[data-label="Status"]').innerText()).resolves.toBe('pending');
    expect(await runAxe(admPage)).toEqual([]);
    await screenshot(admPage, 'dashboard-bank-pending-1280');
    // No acknowledgment while the money is on its way: a whole pass of the acknowledger and the outbox queue none.
    await mailPasses(stack);
    await expect(stack.db.query(`SELECT kind FROM outbound_mail WHERE recipient = $1`, [GOOD])).resolves.toEqual([]);

    // The settlement day: payment_intent.succeeded / charge.succeeded, then the acknowledgment.
    await stack.emulator!.advanceClock(4 * DAY + 60);
    await waitUntil(async () => (await chargeOf(GOOD))?.status === 'succeeded', { timeoutMs: 20_000 });
    await expect(overview()).resolves.toMatchObject({
      totalAmount: 1000,
      totalDonations: 1,
      pendingDonations: 0,
      pendingAmount: 0,
    });
    const [ack] = await waitForMails(smtp, GOOD, 1, 60_000);
    for (const s of ['$1,000.00', 'Bank account ending in 6789', 'Ada Banks']) expect(ack.text).toContain(s);
    text = await dashboardText(admPage);
    expect(text).toMatch(/Total Revenue \$1,000\.00/);
    expect(text).not.toContain('Pending:');
    await mailPasses(stack);
    await expect(parsedMails(smtp, GOOD)).resolves.toHaveLength(1);
    await admPage.close();
    await page.close();
  });

  it('the failing account 000111111116: a failed gift, one note saying what to do, and totals that never counted it', async () => {
    const { page, errors } = await openDonate(browser, stack.apiUrl, 390, 800);
    await bankStep(page, BAD, '000111111116');
    await page.getByRole('button', { name: 'Pay $1,000.00' }).click();
    await page.locator('.thank-you').waitFor({ timeout: 30_000 });
    await waitUntil(async () => (await chargeOf(BAD))?.status === 'pending', { timeoutMs: 20_000 });
    await expect(overview()).resolves.toMatchObject({
      totalAmount: 1000,
      totalDonations: 1,
      pendingDonations: 1,
      pendingAmount: 1000,
    });

    await stack.emulator!.advanceClock(4 * DAY + 60);
    await waitUntil(async () => (await chargeOf(BAD))?.status === 'failed', { timeoutMs: 20_000 });
    const [pi] = (
      await stripe.paymentIntents.list({ customer: (await stripe.customers.list({ email: BAD })).data[0].id })
    ).data;
    expect(pi.status).toBe('requires_payment_method');
    await expect(overview()).resolves.toMatchObject({
      totalAmount: 1000,
      totalDonations: 1,
      pendingDonations: 0,
      pendingAmount: 0,
      failedCharges: 1,
    });

    const [note] = await waitForMails(smtp, BAD, 1, 60_000);
    expect(note.subject).toBe('Your bank payment did not go through - Hillside Learning Center');
    for (const s of [
      '$1,000.00',
      'bank account ending in 1116',
      'The bank account could not be located.',
      'No money was taken',
      '/donate',
      '(870) 555-0142',
    ]) {
      expect(note.text).toContain(s);
    }
    const notePage = await browser.newPage({ viewport: { width: 390, height: 900 } });
    await notePage.setContent(note.html as string);
    expect(await runAxe(notePage)).toEqual([]);
    await screenshot(notePage, 'bank-payment-failed-mail-390');
    await notePage.close();
    // Sent once, and never acknowledged, by the passes after it too.
    await mailPasses(stack);
    await expect(parsedMails(smtp, BAD)).resolves.toHaveLength(1);
    await expect(stack.db.query(`SELECT kind, status FROM outbound_mail WHERE recipient = $1`, [BAD])).resolves.toEqual(
      [{ kind: 'bank-payment-failed', status: 'sent' }],
    );
    await expect(
      stack.db.query(
        `SELECT 1 FROM gift_acknowledgments a JOIN charges c ON c.id = a.gift_id WHERE c.billing_email = $1`,
        [BAD],
      ),
    ).resolves.toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('covering the fees by bank account: the page switches to the bank fee, $1,005.00, and that is what is charged', async () => {
    const email = 'ada.covers@example.org';
    const { page, errors } = await openDonate(browser, stack.apiUrl, 1280);
    await bankStep(page, email, '000123456789', true);
    // 0.8% capped at $5: the bank figure everywhere on the step.
    await page.getByRole('button', { name: 'Pay $1,005.00' }).waitFor();
    await expect(page.locator('.donation-summary').innerText()).resolves.toBe("You're donating $1,005.00");
    await page.getByText('Includes $5.00 to cover bank fees, so all of your $1,000.00 goes to the school.').waitFor();
    await looked(page, 'donate-bank-cover-fees');
    await page.getByRole('button', { name: 'Pay $1,005.00' }).click();
    const thanks = page.locator('.thank-you');
    await thanks.waitFor({ timeout: 30_000 });
    expect((await thanks.innerText()).replace(/\s+/g, ' ')).toContain('That includes $5.00 to cover bank fees');
    const [pi] = (await stripe.paymentIntents.list({ customer: (await stripe.customers.list({ email })).data[0].id }))
      .data;
    expect(pi).toMatchObject({
      amount: 100_500,
      status: 'processing',
      metadata: { gift_cents: '100000', fee_coverage_cents: '500' },
    });
    await waitUntil(async () => (await chargeOf(email))?.status === 'pending', { timeoutMs: 20_000 });
    await expect(chargeOf(email)).resolves.toMatchObject({ amount: '100500' });
    expect(errors).toEqual([]);
    await page.close();
  });
});
