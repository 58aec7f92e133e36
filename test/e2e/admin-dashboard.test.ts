import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { authed, signIn } from '../helpers/admin.js';
import { collectConsoleErrors, settled, SCREENSHOT_DIR } from '../helpers/browser.js';
import { newPage, shot, signInUi, startAdminEnv, usd, type AdminEnv } from '../helpers/admin-browser.js';
import { expectNoAxeViolations } from '../helpers/axe.js';

const TABS = ['Analytics', 'Donors', 'Transactions', 'Insights', 'Tax Exports'];

describe('admin dashboard in Chromium (real API, worker, Postgres, Redis, Stripe emulator, seeded history)', () => {
  let env: AdminEnv;
  let analytics: any;
  let customers: any;
  let token: string;

  beforeAll(async () => {
    env = await startAdminEnv();
    ({ token } = await signIn(env.stack, env.admin));
    analytics = (await authed(env.stack, token).get('/api/stripe/analytics').expect(200)).body;
    customers = (await authed(env.stack, token).get('/api/stripe/customers?page=1&pageSize=24').expect(200)).body;
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('rejects a wrong password in an alert and keeps the login form accessible', async () => {
    const page = await newPage(env);
    await page.goto(`${env.stack.apiUrl}/stripe-data`);
    await page.getByRole('heading', { name: 'Admin Access' }).waitFor();
    await expect(page.getByText('Sign in to access Stripe data dashboard').isVisible()).resolves.toBe(true);
    await expect(page.getByText(/access attempts are logged/).isVisible()).resolves.toBe(true);
    await expectNoAxeViolations(page, 'login form');
    await shot(page, 'admin-login-1280');

    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Please enter both email and password');

    await page.getByLabel('Email').fill(env.admin.email);
    await page.getByLabel('Password').fill('not-the-password-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const alert = page.getByRole('alert').filter({ hasNotText: 'Please enter both' });
    await alert.waitFor();
    // The server's one answer for a wrong e-mail or password (INVALID_LOGIN), with no status code in front.
    await expect(alert.textContent()).resolves.toBe('Invalid email or password');
    await expect(page.evaluate(() => localStorage.getItem('adminSessionToken'))).resolves.toBeNull();
    await expectNoAxeViolations(page, 'login form with an error');

    // The reset sub-form toggles in and out.
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await page.getByLabel('Email').fill('');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.locator('.toast__description', { hasText: 'Please enter your email address' }).waitFor();
    await expectNoAxeViolations(page, 'reset request sub-form');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.context().close();
  });

  it('shows the summary cards and each tab with the right numbers, accessible at 1280 and 390 px', async () => {
    const page = await newPage(env);
    const errors = collectConsoleErrors(page);
    await signInUi(page, env);
    await expect(page.getByText(`Welcome back, ${env.admin.name}`).isVisible()).resolves.toBe(true);

    // Summary cards against the API and the database.
    const [{ cents }] = await env.stack.db.query(`SELECT coalesce(sum(amount), 0)::bigint AS cents FROM daily_totals`);
    expect(analytics.overview.totalAmount).toBeCloseTo(Number(cents) / 100, 2);
    const card = (title: string, text: string) =>
      page.getByRole('region', { name: title }).filter({ hasText: text }).waitFor();
    await card('Total Revenue', usd(analytics.overview.totalAmount));
    await card('Total Revenue', 'from last month');
    await card('Total Donations', analytics.overview.totalDonations.toLocaleString('en-US'));
    await card('Average Donation', usd(analytics.overview.averageDonation));
    await card(
      'Active Donors',
      `${customers.summary.activeCustomers.toLocaleString('en-US')}of ${customers.summary.totalCustomers.toLocaleString('en-US')} total donors`,
    );

    // Tabs: Analytics is the default, arrow keys move between tabs.
    const tablist = page.getByRole('tablist');
    await expect(tablist.getByRole('tab').allTextContents()).resolves.toEqual(TABS);
    await expect(page.getByRole('tab', { name: 'Analytics' }).getAttribute('aria-selected')).resolves.toBe('true');

    // Analytics: four charts drawn on canvas, each with its hidden summary table.
    for (const title of ['Monthly Donation Trends', 'Daily Donation Trends', 'Donation Frequency', 'Payment Methods']) {
      await page.getByRole('heading', { name: title }).waitFor();
      await page.locator('table', { has: page.locator('caption', { hasText: title }) }).waitFor({ state: 'attached' });
    }
    await page.waitForFunction(() => document.querySelectorAll('.adm-chart canvas').length === 4);
    const monthlyRows = await page.locator('table:has(caption:text-is("Monthly Donation Trends")) tbody tr').count();
    expect(monthlyRows).toBe(analytics.charts.monthlyTrends.length);
    const dailyFirst = await page
      .locator('table:has(caption:text-is("Daily Donation Trends")) tbody tr th')
      .first()
      .textContent();
    expect(dailyFirst).toMatch(/^[A-Z][a-z]{2} \d{2}$/);
    // Each chart's table is one click away for sighted users too.
    const monthlyCard = page.locator('.adm-chart-card', {
      has: page.getByRole('heading', { name: 'Monthly Donation Trends' }),
    });
    // Visually hidden (sr-only: clipped to nothing) until asked for, then a table on screen.
    await expect(monthlyCard.locator('table').getAttribute('class')).resolves.toBe('sr-only');
    await monthlyCard.getByRole('button', { name: 'Show data table' }).click();
    await expect(
      monthlyCard.getByRole('button', { name: 'Hide data table' }).getAttribute('aria-expanded'),
    ).resolves.toBe('true');
    await expect(monthlyCard.locator('table').getAttribute('class')).resolves.toBe('adm-table adm-chart-table');
    expect((await monthlyCard.locator('table').boundingBox())!.height).toBeGreaterThan(12 * 20);
    await expect(monthlyCard.locator('table tbody tr').count()).resolves.toBe(12);
    // Donation Frequency: at most six slices (the rest as Other), each its own colour; its table lists every kind.
    const donut = page.locator('.adm-chart-card', { has: page.getByRole('heading', { name: 'Donation Frequency' }) });
    await expect(donut.locator('table tbody tr').count()).resolves.toBe(analytics.charts.frequencyBreakdown.length);
    await checkTab(page, 'analytics', () =>
      donut.screenshot({ path: `${SCREENSHOT_DIR}/admin-donut-390.png` }).then(() => undefined),
    );
    await donut.screenshot({ path: `${SCREENSHOT_DIR}/admin-donut-1280.png` });

    await page.getByRole('tab', { name: 'Analytics' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Donors' }).getAttribute('aria-selected')).resolves.toBe('true');
    await page.getByRole('heading', { name: 'Donor Information' }).waitFor();
    const firstDonor = customers.customers[0];
    const firstCard = page.locator('.adm-donor__link', { hasText: firstDonor.name }).first();
    await firstCard.waitFor();
    await expect(firstCard.textContent()).resolves.toContain(usd(firstDonor.donationStats.totalDonated));
    await expect(page.getByText(`of ${customers.total.toLocaleString('en-US')} donors`).isVisible()).resolves.toBe(
      true,
    );
    await checkTab(page, 'donors');

    // Search narrows the list by name or e-mail.
    await page.getByLabel('Search donors').fill(firstDonor.email);
    await page.getByText(/Showing 1–1 of 1 donors/).waitFor();
    await page.getByLabel('Search donors').fill('');
    await page.getByText(`of ${customers.total.toLocaleString('en-US')} donors`).waitFor();
    // Card attempts that never completed a gift are not donors; a filter shows them.
    const attempts = (await authed(env.stack, token).get('/api/stripe/customers?show=attempts&pageSize=24').expect(200))
      .body;
    await page.getByLabel('Show', { exact: true }).selectOption('attempts');
    await page.getByText(`of ${attempts.total.toLocaleString('en-US')} card attempts`).waitFor();
    await page.getByLabel('Show', { exact: true }).selectOption('donors');
    await page.getByText(`of ${customers.total.toLocaleString('en-US')} donors`).waitFor();

    await page.keyboard.press('Tab');
    await page.getByRole('tab', { name: 'Donors' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { name: 'Recent Transactions' }).waitFor();
    const table = page.getByRole('table', { name: 'Recent Transactions' });
    await table.waitFor();
    await expect(table.locator('thead th').allTextContents()).resolves.toEqual([
      'Date',
      'Amount',
      'Donor',
      'Payment Method',
      'Status',
      'Receipt',
      'Actions',
    ]);
    // The whole ledger a page at a time, with the total of everything matched.
    const ledger = (await authed(env.stack, token).get('/api/stripe/transactions').expect(200)).body;
    expect(ledger.totals.count).toBeGreaterThan(50);
    const rows = table.locator('tbody tr');
    // The page on screen stays while the next one loads (aria-busy): wait for it to be replaced.
    const settled = () => page.locator('.adm-table-wrap[aria-busy="false"]').waitFor();
    await settled();
    await expect(rows.count()).resolves.toBe(50);
    await expect(rows.first().locator('td').nth(1).textContent()).resolves.toBe(usd(ledger.data[0].amount / 100));
    await page
      .getByText(
        `${ledger.totals.count.toLocaleString('en-US')} transactions · ${usd(ledger.totals.netCents / 100)} net received`,
      )
      .waitFor();
    await page.getByRole('navigation', { name: 'Transaction pages' }).getByRole('button', { name: 'Next' }).click();
    await page.getByText(`51–100 of ${ledger.totals.count.toLocaleString('en-US')}`).waitFor();
    await settled();
    const page2 = (await authed(env.stack, token).get('/api/stripe/transactions?page=2').expect(200)).body;
    await expect(rows.first().locator('td').nth(1).textContent()).resolves.toBe(usd(page2.data[0].amount / 100));
    // Filters: failed charges only, then a CSV of exactly those.
    await page.getByLabel('Status', { exact: true }).selectOption('failed');
    const failed = (await authed(env.stack, token).get('/api/stripe/transactions?status=failed').expect(200)).body;
    expect(failed.totals.count).toBeGreaterThan(0);
    await page
      .getByText(
        `${failed.totals.count.toLocaleString('en-US')} transaction${failed.totals.count === 1 ? '' : 's'} · $0.00 net received`,
      )
      .waitFor();
    await settled();
    await expect(rows.locator('td[data-label="Status"]').allTextContents()).resolves.toEqual(
      Array(Math.min(50, failed.totals.count)).fill('failed'),
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^transactions_all-time_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(csv[0]).toBe(
      'Date,Time,Transaction ID,Donor Name,Donor Email,Amount,Refunded,Disputed,Net Amount,Fee,After Fees,Currency,Status,Type,Method,Note,Receipt URL,Fund,Fee Coverage,Tribute,Appeal',
    );
    expect(csv).toHaveLength(failed.totals.count + 1);
    await page.getByLabel('Status', { exact: true }).selectOption('');
    // A search by amount finds gifts of exactly that amount.
    const amount = ledger.data[0].amount;
    await page.getByLabel('Search', { exact: true }).fill(usd(amount / 100));
    const byAmount = (
      await authed(env.stack, token)
        .get(`/api/stripe/transactions?q=${amount / 100}`)
        .expect(200)
    ).body;
    await page
      .getByText(
        `${byAmount.totals.count.toLocaleString('en-US')} transaction${byAmount.totals.count === 1 ? '' : 's'} ·`,
      )
      .waitFor();
    await settled();
    await expect(rows.locator('td[data-label="Amount"]').allTextContents()).resolves.toEqual(
      Array(Math.min(50, byAmount.totals.count)).fill(usd(amount / 100)),
    );
    await page.getByLabel('Search', { exact: true }).fill('');
    await rows.nth(49).waitFor();
    await checkTab(page, 'transactions', async () => {
      // On a phone each row is a card: its Status, Receipt and Actions cells sit inside the screen.
      for (const label of ['Status', 'Receipt', 'Actions']) {
        const box = (await rows.first().locator(`td[data-label="${label}"]`).boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
    });

    await page.getByRole('tab', { name: 'Insights' }).click();
    await page.getByRole('heading', { name: 'Key Insights' }).waitFor();
    const rate = customers.summary.totalCustomers
      ? Math.round((customers.summary.activeCustomers / customers.summary.totalCustomers) * 100)
      : 0;
    const insights = (await page.getByRole('tabpanel').textContent()) ?? '';
    expect(insights).toContain(`Active Donor Rate${rate}%`);
    expect(analytics.overview.failedCharges).toBeGreaterThan(0);
    expect(analytics.overview.transactionSuccessRate).toBeLessThan(100);
    expect(insights).toContain(`Transaction Success Rate${analytics.overview.transactionSuccessRate}%`);
    expect(insights).toContain(`(${analytics.overview.failedCharges} failed)`);
    expect(insights).toContain(usd(customers.summary.totalLifetimeValue));
    await checkTab(page, 'insights');

    await page.getByRole('tab', { name: 'Tax Exports' }).click();
    const year = new Date().getFullYear();
    const select = page.getByLabel('Tax year');
    await expect(select.inputValue()).resolves.toBe(String(year));
    await expect(select.locator('option').allTextContents()).resolves.toEqual(
      Array.from({ length: 7 }, (_, i) => String(year + 1 - i)),
    );
    await expect(page.getByRole('button', { name: 'Available on Individual Donor Pages' }).isDisabled()).resolves.toBe(
      true,
    );
    // The year's refunds and disputes, made in it: the dashboard's figures for that year.
    const yearMoney = (await authed(env.stack, token).get(`/api/stripe/analytics?year=${year}`).expect(200)).body
      .overview;
    await page
      .getByText(`Refunded in ${year}: ${usd(yearMoney.refunds)}; disputes: ${usd(yearMoney.disputes)}.`, {
        exact: false,
      })
      .waitFor();
    await checkTab(page, 'tax-exports');

    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('downloads both tax CSVs for the chosen year', async () => {
    const page = await newPage(env);
    await signInUi(page, env);
    await page.getByRole('tab', { name: 'Tax Exports' }).click();
    const year = new Date().getFullYear() - 1;
    await page.getByLabel('Tax year').selectOption(String(year));
    for (const [title, filename] of [
      ['Annual Tax Report', `tax-report-${year}.csv`],
      ['IRS Receipts Required', `irs-receipts-required-${year}.csv`],
    ]) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: `Download CSV: ${title} ${year}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(filename);
      const body = readFileSync((await download.path())!, 'utf8');
      expect(body.split(/\r?\n/)[0]).toMatch(/,/);
      expect(body.trim().split(/\r?\n/).length).toBeGreaterThan(1);
    }
    await page.context().close();
  });

  it('signs out: the server session ends, the token and cache are cleared', async () => {
    const page = await newPage(env);
    await signInUi(page, env);
    const token = await page.evaluate(() => localStorage.getItem('adminSessionToken'));
    expect(token).toBeTruthy();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('heading', { name: 'Admin Access' }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('adminSessionToken'))).resolves.toBeNull();
    await authed(env.stack, token!).get('/api/admin/me').expect(401);
    // A stale token is cleared by the session check's 401.
    await page.evaluate((t) => localStorage.setItem('adminSessionToken', t), token!);
    await page.reload();
    await page.getByRole('heading', { name: 'Admin Access' }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('adminSessionToken'))).resolves.toBeNull();
    await page.context().close();
  });

  it('keeps the admin code out of the public pages', async () => {
    const page = await newPage(env);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script' || r.resourceType() === 'stylesheet') scripts.push(new URL(r.url()).pathname);
    });
    for (const path of ['/', '/about', '/programs', '/gallery', '/contact', '/donate']) {
      await page.goto(`${env.stack.apiUrl}${path}`, { waitUntil: 'networkidle' });
    }
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /\/(dashboard|donor-profile|reset-password|analytics-tab|admin)-/.test(s))).toEqual(
      [],
    );
    await page.goto(`${env.stack.apiUrl}/stripe-data`, { waitUntil: 'networkidle' });
    expect(scripts.some((s) => /\/dashboard-/.test(s))).toBe(true);
    await page.context().close();
  });

  /** axe on the open tab, then screenshots at 1280 and 390 px. */
  async function checkTab(page: Page, name: string, at390?: () => Promise<void>) {
    await expectNoAxeViolations(page, `${name} tab`);
    await shot(page, `admin-${name}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    await expectNoAxeViolations(page, `${name} tab at 390 px`);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await at390?.();
    await shot(page, `admin-${name}-390`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await settled(page);
  }
});
