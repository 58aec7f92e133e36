import type { Browser, Page } from 'playwright-core';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { createAdmin, type TestAdmin } from '../helpers/admin.js';
import { signInUi, type AdminEnv } from '../helpers/admin-browser.js';
import { launchBrowser, screenshot } from '../helpers/browser.js';
import { fillCard, fillDonor, openDonate } from '../helpers/donate-page.js';
import { acknowledgmentsOnSince, waitForMails } from '../helpers/donor-mail.js';
import { waitUntil } from '../helpers/faults.js';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * The done-when of funds, "cover the fees" and tribute gifts, in Chromium against the emulator: an owner adds the
 * Transportation fund on the Funds page; a $50 card gift with the fees covered pays $51.80, the dashboard shows
 * $50 to the fund plus $1.80 fee coverage and the acknowledgment says $51.80; a $25 monthly gift to
 * Transportation in memory of a name, with a notify e-mail, makes the plan, carries the fund and the tribute,
 * sends the notice (without the amount) and shows under the dashboard's fund filter. Each new state is looked at
 * (screenshots at 390 and 1280 px) and checked with axe.
 */
const donor = {
  firstName: 'Rosa',
  lastName: 'Fields',
  address: '4 Mill Street',
  city: 'Marshall',
  state: 'AR',
  zipCode: '72650',
};
const ONE_TIME_EMAIL = 'rosa.fields@example.org';
const MONTHLY_EMAIL = 'sam.monthly@example.org';
const NOTIFY = 'hopper.family@example.org';

describe('donating to a fund, covering the fees, in memory of someone', () => {
  let smtp: SmtpCatcher;
  let stack: Stack;
  let browser: Browser;
  let admin: TestAdmin;
  let env: AdminEnv;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    stack = await startStack({ env: { SMTP_URL: smtp.url } });
    await acknowledgmentsOnSince(stack.db, new Date(Date.now() - 60_000));
    admin = await createAdmin(stack, { name: 'Morgan Reyes' });
    browser = await launchBrowser();
    env = { stack, browser, admin, stop: async () => undefined };
  }, 120_000);
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await stack?.stop();
    await smtp?.close();
  });

  async function adminPage(width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, timezoneId: 'America/Chicago' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signInUi(page, env);
    return page;
  }

  it('an owner adds the Transportation fund on the Funds page', async () => {
    const page = await adminPage();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Funds' }).click();
    await page.getByRole('heading', { name: 'Add a Fund' }).waitFor();
    await page.getByLabel('Name').fill('Transportation');
    await page.getByLabel('Description (optional)').fill('The accessible van and its rides');
    await page.getByRole('button', { name: 'Add Fund' }).click();
    await page.getByRole('rowheader', { name: 'Transportation' }).waitFor();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page, `funds page at ${width}`);
      await screenshot(page, `funds-page-${width}`);
    }
    await page.context().close();
  });

  it('$50 with the fees covered: pays $51.80, the dashboard shows $50 to the fund plus $1.80, the acknowledgment says $51.80', async () => {
    const { page, errors } = await openDonate(browser, stack.apiUrl, 390);
    await page.getByRole('button', { name: '$50' }).click();
    const cover = page.getByLabel('Add $1.80 so all of my $50 goes to the school');
    await cover.check();
    await fillDonor(page, donor, ONE_TIME_EMAIL);
    // The options closed, then the tribute disclosure opened: the form's new states, at both widths.
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page, `donate form with fee coverage at ${width}`);
      await screenshot(page, `donate-cover-fees-${width}`);
    }
    await page.getByText('Give in honor or memory of someone (optional)').click();
    await page.getByLabel('Their name').waitFor();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page, `donate form with the tribute open at ${width}`);
      await screenshot(page, `donate-tribute-open-${width}`);
    }
    await page.getByText('Give in honor or memory of someone (optional)').click();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByText("You're donating $51.80").waitFor();
    await page.getByText('Includes $1.80 to cover card fees, so all of your $50.00 goes to the school.').waitFor();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $51.80' }).click();
    await page.locator('.toast', { hasText: 'Donation Recorded' }).waitFor({ timeout: 30_000 });
    const thanks = page.locator('.thank-you');
    await thanks.getByText('$51.80').first().waitFor();
    await thanks.getByText('That includes $1.80 to cover card fees').waitFor();
    await thanks.locator('.receipt-number').waitFor({ timeout: 30_000 });
    const receipt = (await thanks.locator('.receipt-number').innerText()).trim();
    expect(receipt).toMatch(/^\d{4}-000001$/);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // The thank-you with its receipt number and the offer to give monthly.
      await expectNoAxeViolations(page, `thank-you with its receipt number at ${width}`);
      await screenshot(page, `donate-thank-you-receipt-${width}`);
    }
    // Offered once, politely: the same gift monthly from next month, on the same card; one click starts it.
    const offer = page.getByRole('region', { name: 'Would you like to give $51.80 every month?' });
    await page.getByRole('button', { name: 'Yes, give $51.80 monthly' }).click();
    await page.getByText(/^Thank you! Your monthly gift of \$51\.80 starts on /).waitFor();
    await expect(offer.count()).resolves.toBe(0);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page, `thank-you after making it monthly at ${width}`);
      await screenshot(page, `donate-made-monthly-${width}`);
    }
    await waitUntil(
      async () =>
        (
          await stack.db.query(
            `SELECT 1 FROM subscriptions WHERE status = 'active' AND frequency = 'monthly' AND metadata->>'made_monthly_from' IS NOT NULL AND metadata->>'donor_email' = $1`,
            [ONE_TIME_EMAIL],
          )
        ).length === 1,
      { timeoutMs: 20_000 },
    );
    expect(errors).toEqual([]);

    const [ack] = await waitForMails(smtp, ONE_TIME_EMAIL, 1, 60_000);
    for (const part of [ack.text!, ack.html as string]) {
      for (const s of ['$51.80', receipt, 'Of which to cover fees', '$1.80 (deductible too)'])
        expect(part).toContain(s);
    }

    const dash = await adminPage();
    const byFund = dash.getByRole('table', { name: 'Gifts by Fund' });
    await expect(byFund.getByRole('row', { name: /General/ }).innerText()).resolves.toMatch(
      /General\s+1\s+\$50\.00\s+\$1\.80/,
    );
    await dash.getByRole('tab', { name: 'Transactions' }).click();
    await dash.getByText('$50.00 to the funds plus $1.80 fee coverage').waitFor();
    await dash.getByText('$50.00 + $1.80 fees').waitFor();
    await dash.context().close();
  }, 120_000);

  it('$25 monthly to Transportation in memory of a name, with a notify e-mail: plan, fund, tribute, notice, fund filter', async () => {
    const { page, errors } = await openDonate(browser, stack.apiUrl, 1280);
    await page.getByLabel('Donation Amount').fill('25');
    await page.getByLabel('Frequency').selectOption('monthly');
    await page.getByLabel('Where should your gift go?').selectOption({ label: 'Transportation' });
    await page.getByText('Give in honor or memory of someone (optional)').click();
    await page.getByLabel('In memory of').check();
    await page.getByLabel('Their name').fill('Grace Hopper');
    await page.getByLabel('Their e-mail').fill(NOTIFY);
    await fillDonor(page, donor, MONTHLY_EMAIL);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $25.00 monthly' }).click();
    await page.locator('.toast', { hasText: 'Donation Recorded' }).waitFor({ timeout: 30_000 });
    await page.locator('.thank-you .receipt-number').waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);

    await waitUntil(
      async () =>
        (
          await stack.db.query(
            `SELECT 1 FROM subscriptions WHERE status = 'active' AND frequency = 'monthly' AND metadata->>'donor_email' = $1`,
            [MONTHLY_EMAIL],
          )
        ).length === 1,
      { timeoutMs: 20_000 },
    );
    const [charge] = await stack.db.query(
      `SELECT c.amount, f.name AS fund, c.tribute_kind, c.tribute_name, c.tribute_notify_email, c.subscription_id
         FROM charges c JOIN funds f ON f.id = c.fund_id WHERE c.billing_email = $1`,
      [MONTHLY_EMAIL],
    );
    expect(charge).toMatchObject({
      amount: '2500',
      fund: 'Transportation',
      tribute_kind: 'memory',
      tribute_name: 'Grace Hopper',
      tribute_notify_email: NOTIFY,
    });
    expect(charge.subscription_id).toMatch(/^sub_/);

    const [notice] = await waitForMails(smtp, NOTIFY, 1, 60_000);
    // The subject is the school's words only: a typed name never reaches a subject line (issue 25).
    expect(notice.subject).toBe('A tribute gift to Hillside Learning Center');
    expect(notice.text).toContain('Rosa Fields has made a gift to our Transportation fund in memory of Grace Hopper');
    expect(notice.text).not.toContain('$25');
    const [ack] = await waitForMails(smtp, MONTHLY_EMAIL, 1, 60_000);
    for (const s of [
      '$25.00',
      'Designated to: Transportation',
      'Tribute: In memory of Grace Hopper',
      'Frequency: Monthly',
    ])
      expect(ack.text).toContain(s);

    const dash = await adminPage(390);
    await dash.getByRole('tab', { name: 'Transactions' }).click();
    await dash.getByLabel('Fund', { exact: true }).selectOption({ label: 'Transportation' });
    await dash.getByText(/^1 transaction · \$25\.00 net received/).waitFor();
    await dash.getByText('In memory of Grace Hopper').waitFor();
    await dash.getByText('Fund: Transportation').waitFor();
    for (const width of [390, 1280]) {
      await dash.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(dash, `transactions filtered by fund at ${width}`);
      await screenshot(dash, `transactions-fund-filter-${width}`);
    }
    await dash.getByRole('tab', { name: 'Analytics' }).click();
    await dash.getByLabel('Fund', { exact: true }).selectOption({ label: 'Transportation' });
    await expect(
      dash.getByRole('table', { name: 'Gifts by Fund' }).locator('tbody tr').allInnerTexts(),
    ).resolves.toEqual([expect.stringMatching(/Transportation\s+1\s+\$25\.00\s+\$0\.00/)]);
    for (const width of [390, 1280]) {
      await dash.setViewportSize({ width, height: 900 });
      await dash.getByRole('heading', { name: 'Gifts by Fund' }).scrollIntoViewIfNeeded();
      await expectNoAxeViolations(dash, `gifts by fund at ${width}`);
      await screenshot(dash, `gifts-by-fund-${width}`);
    }
    await dash.context().close();
  }, 120_000);
});
