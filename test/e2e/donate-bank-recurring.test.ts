import { jest } from '@jest/globals';
import type { Browser } from 'playwright-core';
import type Stripe from 'stripe';
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
 * A $25 monthly gift from Stripe's test bank account on the donate page, in Chromium against the emulator and
 * a real SMTP receiver: the plan's first debit is pending (the plan incomplete, the gift counted nowhere, no
 * acknowledgment); once the emulator clock passes the settlement day the plan is active, the gift counted
 * once and acknowledged once.
 */
const DAY = 86400;
const EMAIL = 'rae.recurring@example.org';

describe('a $25 monthly gift by bank account: pending, then an active plan, counted and acknowledged once', () => {
  let world: BankGiftWorld;
  let smtp: SmtpCatcher;
  let stack: Stack;
  let stripe: Stripe;
  let browser: Browser;
  let api: BankGiftWorld['api'];

  beforeAll(async () => {
    // The debit settles 4 days later: the clock goes back 6 days.
    world = await startBankGiftWorld(6);
    ({ smtp, stack, stripe, browser, api } = world);
  }, 120_000);
  afterAll(() => world?.stop());

  const plan = async () =>
    (
      await stack.db.query(
        `SELECT id, status, amount::int, frequency FROM subscriptions WHERE customer_id IN (SELECT id FROM donors WHERE email = $1)`,
        [EMAIL],
      )
    )[0];
  const charges = () =>
    stack.db.query(`SELECT status, amount::int, brand, last4 FROM charges WHERE billing_email = $1 ORDER BY created`, [
      EMAIL,
    ]);
  const overview = async () => (await api.get('/api/stripe/analytics').expect(200)).body.overview;

  it('pending first; after the settlement day the plan is active and the gift counted and acknowledged once', async () => {
    const { page, errors } = await openDonate(browser, stack.apiUrl, 390);
    await page.getByLabel('Donation Amount').fill('25');
    await page.getByLabel('Frequency').selectOption('monthly');
    await fillDonor(
      page,
      {
        firstName: 'Rae',
        lastName: 'Recurring',
        address: '9 Mill Road',
        city: 'Marshall',
        state: 'AR',
        zipCode: '72650',
      },
      EMAIL,
    );
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('radio', { name: 'US bank account' }).check();
    await page.getByLabel('Routing number').fill('110000000');
    await page.getByLabel('Account number').fill('000123456789');
    await page.getByRole('button', { name: 'Pay $25.00 monthly' }).click();
    const thanks = page.locator('.thank-you');
    await thanks.waitFor({ timeout: 30_000 });
    const said = (await thanks.innerText()).replace(/\s+/g, ' ');
    expect(said).toContain('Thank you, Rae! Your gift is on its way.');
    expect(said).toContain('Your bank account will be debited $25.00 every month.');
    expect(said).toMatch(/Your bank payment is processing\./);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect({ width, violations: await runAxe(page) }).toEqual({ width, violations: [] });
      await screenshot(page, `donate-bank-monthly-processing-${width}`);
    }

    // Pending: the first debit is processing, the plan waits for it, and no total counts it.
    await waitUntil(async () => (await charges()).length === 1 && (await charges())[0].status === 'pending', {
      timeoutMs: 20_000,
    });
    await expect(charges()).resolves.toEqual([{ status: 'pending', amount: 2500, brand: null, last4: '6789' }]);
    await expect(plan()).resolves.toMatchObject({ status: 'incomplete', amount: 2500, frequency: 'monthly' });
    await expect(overview()).resolves.toMatchObject({
      totalAmount: 0,
      totalDonations: 0,
      pendingDonations: 1,
      pendingAmount: 25,
    });
    await mailPasses(stack);
    await expect(stack.db.query(`SELECT kind FROM outbound_mail WHERE recipient = $1`, [EMAIL])).resolves.toEqual([]);

    // The settlement day: the debit succeeds, the plan turns active, and the gift is counted and acknowledged.
    await stack.emulator!.advanceClock(4 * DAY + 60);
    await waitUntil(async () => (await plan())?.status === 'active' && (await charges())[0]?.status === 'succeeded', {
      timeoutMs: 30_000,
    });
    const sub = await stripe.subscriptions.retrieve((await plan()).id);
    expect(sub).toMatchObject({ status: 'active' });
    expect((await stripe.paymentMethods.retrieve(sub.default_payment_method as string)).type).toBe('us_bank_account');
    await expect(charges()).resolves.toEqual([{ status: 'succeeded', amount: 2500, brand: null, last4: '6789' }]);
    await expect(overview()).resolves.toMatchObject({
      totalAmount: 25,
      totalDonations: 1,
      pendingDonations: 0,
      pendingAmount: 0,
    });
    const summary = (await api.get('/api/admin/recurring/summary').expect(200)).body;
    expect(summary).toMatchObject({ activeDonors: 1, monthlyRecurringRevenue: 25 });
    const [ack] = await waitForMails(smtp, EMAIL, 1, 60_000);
    for (const s of ['$25.00', 'Bank account ending in 6789', 'Rae Recurring']) expect(ack.text).toContain(s);
    // Once, whatever the passes after it do.
    await mailPasses(stack);
    await expect(parsedMails(smtp, EMAIL)).resolves.toHaveLength(1);
    await expect(
      stack.db.query(`SELECT kind, status FROM outbound_mail WHERE recipient = $1`, [EMAIL]),
    ).resolves.toEqual([{ kind: 'acknowledgment', status: 'sent' }]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
