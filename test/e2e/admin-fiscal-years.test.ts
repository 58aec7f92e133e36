import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { authed, signIn } from '../helpers/admin.js';
import { collectConsoleErrors, settled } from '../helpers/browser.js';
import { newPage, shot, signInUi, startAdminEnv, usd, type AdminEnv } from '../helpers/admin-browser.js';
import { localDay } from '../helpers/admin-api-expected.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { waitForProjection } from '../helpers/events.js';

/**
 * Fiscal years and Stripe's gross, fees and net in Chromium: an owner sets a July start on the Settings page;
 * the dashboard's period picker, cards and monthly chart, the ledger and the retention section then offer fiscal
 * years with their caption; the tax exports say they stay on calendar years. Checked with axe, looked at in
 * screenshots at 1280 and 390 px.
 */
describe('fiscal years and fees on the dashboard', () => {
  let env: AdminEnv;
  let api: ReturnType<typeof authed>;
  const today = localDay(new Date(), 'America/Chicago');
  const month = Number(today.slice(5, 7));
  const fyNow = Number(today.slice(0, 4)) + (month >= 7 ? 1 : 0);

  beforeAll(async () => {
    env = await startAdminEnv({ env: { TIME_ZONE: 'America/Chicago' } });
    api = authed(env.stack, (await signIn(env.stack, env.admin)).token);
    const stripe: Stripe = createStripeClient(env.stack.env, { maxNetworkRetries: 0 });
    const give = (amount: number) =>
      stripe.paymentIntents.create({
        amount,
        currency: 'usd',
        payment_method: 'pm_card_visa',
        confirm: true,
        allowed_payment_method_types: ['card'],
      });
    await give(10000);
    await give(2500);
    const refunded = await give(5000);
    await stripe.refunds.create({ payment_intent: refunded.id, amount: 5000 });
    await env.stack.emulator!.flushWebhooks(20000);
    await waitForProjection(env.stack);
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('an owner sets the fiscal year start on the Settings page', async () => {
    const page = await newPage(env);
    const errors = collectConsoleErrors(page);
    await signInUi(page, env);
    await page.goto(`${env.stack.apiUrl}/stripe-data/settings`);
    const select = page.getByLabel('Fiscal year starts in');
    await select.waitFor();
    await expect(select.inputValue()).resolves.toBe('1');
    await select.selectOption({ label: 'July' });
    await page.getByText(`FY ${fyNow} runs`).first().waitFor();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings Saved').first().waitFor();
    expect((await api.get('/api/stripe/fiscal-year').expect(200)).body.startMonth).toBe(7);
    await expectNoAxeViolations(page, 'settings with the fiscal year at 1280 px');
    await page.getByRole('heading', { name: 'Fiscal Year' }).scrollIntoViewIfNeeded();
    await shot(page, 'admin-settings-fiscal-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    await shot(page, 'admin-settings-fiscal-390');
    expect(errors).toEqual([]);
  });

  it('shows gross, fees and net, and a fiscal year on the cards and the monthly chart', async () => {
    const all = (await api.get('/api/stripe/analytics').expect(200)).body;
    expect(all.overview.grossAmount).toBe(175);
    const page = await newPage(env);
    const errors = collectConsoleErrors(page);
    await signInUi(page, env);
    /** Waits until the card shows the value (the figures arrive after the page). */
    const shows = (title: string, value: number) =>
      page
        .getByRole('region', { name: title, exact: true })
        .locator('.adm-stat__value')
        .getByText(usd(value), { exact: true })
        .waitFor();
    await shows('Gross Card Gifts', all.overview.grossAmount);
    await shows('Received', all.overview.receivedAmount);
    await shows('After Stripe Fees', all.overview.netAfterFees);
    await page.getByText(`Received less ${usd(all.overview.stripeFees)} Stripe fees`).waitFor();

    const fy = (await api.get(`/api/stripe/analytics?year=${fyNow}&basis=fiscal`).expect(200)).body;
    const period = page.getByLabel('Period');
    await period.selectOption({ label: `FY ${fyNow}` });
    await page.getByText(`Card and bank gifts Stripe took in FY ${fyNow}`).waitFor();
    await shows('Total Revenue', fy.overview.totalAmount);
    await shows('Gross Card Gifts', fy.overview.grossAmount);
    // Months and quarters too (fiscal quarters, since the year starts in July); Insights obeys the period.
    const monthOption = period.locator('optgroup[label="Months"] option').first();
    const monthValue = (await monthOption.getAttribute('value'))!;
    const month = (await api.get(`/api/stripe/analytics?month=${monthValue.replace('month:', '')}`).expect(200)).body;
    await period.selectOption(monthValue);
    await page.getByText(`Card and bank gifts Stripe took in ${month.period.label}`).waitFor();
    await shows('Average Donation', month.overview.averageDonation);
    expect(await period.locator('optgroup[label="Quarters"] option').first().textContent()).toMatch(
      /^FY \d{4} Q[1-4]$/,
    );
    await page.getByRole('tab', { name: 'Insights' }).click();
    const insights = page.getByRole('tabpanel');
    await insights.getByText(`How giving is trending: ${month.period.label}`).waitFor();
    expect(await insights.textContent()).toContain(`Average Transaction${usd(month.overview.averageDonation)}`);
    await expectNoAxeViolations(page, 'Insights for a month at 1280 px');
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await period.selectOption({ label: `FY ${fyNow}` });
    await page.getByText(`Card and bank gifts Stripe took in FY ${fyNow}`).waitFor();
    await page
      .getByText(/Fiscal years start on July 1 and are named by the calendar year in which they end/)
      .first()
      .waitFor();

    const chart = page
      .locator('.adm-chart-card')
      .filter({ has: page.getByRole('heading', { name: 'Monthly Donation Trends' }) });
    await chart.getByRole('button', { name: 'Show data table' }).click();
    const table = chart.locator('table');
    await expect(table.locator('thead th').allTextContents()).resolves.toEqual([
      'Month',
      'All gifts',
      'Stripe gross',
      'Stripe fees',
      'After fees',
    ]);
    await expect(table.locator('tbody tr th').first().textContent()).resolves.toBe(`Jul ${fyNow - 1}`);
    const thisMonth = fy.charts.monthlyTrends.find((m: { gross: number }) => m.gross > 0);
    const row = table.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: thisMonth.month }) });
    await expect(row.locator('td').allTextContents()).resolves.toEqual([
      usd(thisMonth.amount),
      usd(thisMonth.gross),
      usd(thisMonth.fees),
      usd(thisMonth.net),
    ]);
    await expectNoAxeViolations(page, 'dashboard with a fiscal year at 1280 px');
    await shot(page, 'admin-dashboard-fiscal-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    await expectNoAxeViolations(page, 'dashboard with a fiscal year at 390 px');
    await shot(page, 'admin-dashboard-fiscal-390');
    expect(errors).toEqual([]);
  });

  it('offers fiscal years in the ledger and retention, and keeps tax years on the calendar', async () => {
    const page = await newPage(env);
    const errors = collectConsoleErrors(page);
    await signInUi(page, env);
    await page.getByRole('tab', { name: 'Transactions' }).click();
    const range = page.getByLabel('Date range');
    await range.selectOption({ label: `FY ${fyNow - 1}` });
    await page
      .getByText(/Fiscal years start on July 1/)
      .first()
      .waitFor();
    const ledger = (
      await api.get(`/api/stripe/transactions?start_date=${fyNow - 2}-07-01&end_date=${fyNow - 1}-06-30`).expect(200)
    ).body;
    await page
      .getByText(`${ledger.totals.count.toLocaleString('en-US')} transaction`)
      .first()
      .waitFor();
    await expectNoAxeViolations(page, 'ledger with a fiscal year at 1280 px');
    await shot(page, 'admin-ledger-fiscal-1280');

    await page.getByRole('tab', { name: 'Insights' }).click();
    await page.getByRole('heading', { name: 'Retention by Year' }).waitFor();
    const year = page.getByLabel('Year', { exact: true });
    await expect(year.inputValue()).resolves.toBe(`fiscal:${fyNow}`);
    await year.selectOption({ label: `FY ${fyNow - 1}` });
    const figures = (await api.get(`/api/stripe/retention?year=${fyNow - 1}&basis=fiscal`).expect(200)).body;
    await page.getByText(`donors who gave in FY ${fyNow - 2} gave again in FY ${fyNow - 1}.`).waitFor();
    expect(figures.label).toBe(`FY ${fyNow - 1}`);
    if (figures.lybunt > 0) await page.getByRole('region', { name: `LYBUNT donors for FY ${fyNow - 1}` }).waitFor();
    else await page.getByText(`No donor is on this list for FY ${fyNow - 1}.`).waitFor();
    // The current fiscal year: the seeded history's last year gave, so its LYBUNT list has donors.
    await year.selectOption({ label: `FY ${fyNow}` });
    await page.getByRole('region', { name: `LYBUNT donors for FY ${fyNow}` }).waitFor();
    await expectNoAxeViolations(page, 'retention by fiscal year at 1280 px');
    await shot(page, 'admin-retention-fiscal-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    await expectNoAxeViolations(page, 'retention by fiscal year at 390 px');
    await shot(page, 'admin-retention-fiscal-390');

    await page.getByRole('tab', { name: 'Tax Exports' }).click();
    await page.getByText('Tax years are calendar years (January 1 to December 31), as the IRS asks').waitFor();
    await expectNoAxeViolations(page, 'tax exports at 390 px');
    expect(errors).toEqual([]);
  });
});
