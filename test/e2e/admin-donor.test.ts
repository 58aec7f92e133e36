import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { authed, signIn } from '../helpers/admin.js';
import { collectConsoleErrors } from '../helpers/browser.js';
import { newPage, shot, signInUi, startAdminEnv, usd, type AdminEnv } from '../helpers/admin-browser.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { pdfText } from '../helpers/pdf.js';

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
const dayOf = (unixSeconds: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date(unixSeconds * 1000));

describe('donor profile in Chromium: create, filter, export, manual gift, year-end, delete', () => {
  let env: AdminEnv;
  let token: string;

  beforeAll(async () => {
    env = await startAdminEnv();
    token = (await signIn(env.stack, env.admin)).token;
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  const apiTransactions = async (id: string, query: string) => {
    const body = (await authed(env.stack, token).get(`/api/stripe/customer/${id}/transactions?${query}`).expect(200))
      .body;
    return (Array.isArray(body) ? body : body.transactions) as { id: string; amount: number; created: number }[];
  };
  const rows = (page: Page) => page.getByRole('table', { name: 'Transaction History' }).locator('tbody tr');
  /** Waits until the table (or the empty state) shows exactly `n` rows. */
  const expectRows = async (page: Page, n: number) => {
    if (n === 0) await page.getByText('No transactions found for the selected timeframe.').waitFor();
    else
      await page.waitForFunction((count) => document.querySelectorAll('table.adm-table tbody tr').length === count, n);
  };

  it('filters a seeded donor by each timeframe and a custom range, matching the API', async () => {
    const [busiest] = await env.stack.db.query(
      `SELECT customer_id FROM charges WHERE customer_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, min(created) LIMIT 1`,
    );
    const id = busiest.customer_id as string;
    const page = await newPage(env);
    const errors = collectConsoleErrors(page);
    await signInUi(page, env);
    await page.goto(`${env.stack.apiUrl}/stripe-data/customer/${id}`);
    await page.getByRole('heading', { name: 'Transaction History' }).waitFor();
    // The table follows its heading once the donor's transactions (and the fiscal-year setting) have loaded.
    const history = page.getByRole('table', { name: 'Transaction History' });
    await history.locator('thead th').first().waitFor();
    await expect(history.locator('thead th').allTextContents()).resolves.toEqual([
      'Date & Time',
      'Amount',
      'Card',
      'Status',
      'Receipt',
      'Actions',
    ]);
    const all = await apiTransactions(id, 'timeframe=all');
    expect(all.length).toBeGreaterThan(1);
    await expectRows(page, all.length);
    await expect(rows(page).first().locator('td').first().textContent()).resolves.toMatch(
      /^[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}$/,
    );
    await expect(rows(page).first().locator('td').nth(1).textContent()).resolves.toBe(usd(all[0].amount / 100));
    await expectNoAxeViolations(page, 'donor profile');
    await shot(page, 'admin-donor-profile-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page, 'donor profile at 390 px');
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await shot(page, 'admin-donor-profile-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    const filter = page.getByLabel('Time period');
    for (const timeframe of ['last-7-days', 'last-30-days', 'last-3-months', 'last-year', 'all']) {
      const expected = await apiTransactions(id, `timeframe=${timeframe}`);
      await filter.selectOption(timeframe);
      await expectRows(page, expected.length);
    }

    // Custom: both dates required, start max = end or today, end min = start, max today.
    await filter.selectOption('custom');
    const dialog = page.getByRole('dialog', { name: 'Custom Date Range' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'Custom Date Range dialog');
    await dialog.getByRole('button', { name: 'Apply Filter' }).click();
    await page
      .locator('.toast', { hasText: 'Invalid Date Range' })
      .filter({ hasText: 'Please select both start and end dates.' })
      .waitFor();
    const start = dialog.getByLabel('Start Date');
    const end = dialog.getByLabel('End Date');
    await expect(start.getAttribute('max')).resolves.toBe(today());
    // From the donor's first gift to the day of their second newest: never empty, and the newest day is left out.
    const from = dayOf(all[all.length - 1].created);
    const to = dayOf(all[1].created);
    await start.fill(from);
    await end.fill(to);
    await expect(start.getAttribute('max')).resolves.toBe(to);
    await expect(end.getAttribute('min')).resolves.toBe(from);
    await expect(end.getAttribute('max')).resolves.toBe(today());
    await dialog.getByRole('button', { name: 'Apply Filter' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const custom = await apiTransactions(id, `start_date=${from}&end_date=${to}`);
    expect(custom.length).toBeGreaterThan(0);
    expect(custom.map((t) => t.id)).toEqual(all.filter((t) => dayOf(t.created) <= to).map((t) => t.id));
    await expectRows(page, custom.length);

    // Export CSV of the custom range: 13 columns (SPEC's 11, then Method and Note), filename from the donor's name and the timeframe.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^[A-Za-z0-9_]+_transactions_custom_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r\n/);
    expect(csv[0]).toBe(
      'Transaction ID,Date,Time,Amount,Currency,Status,Card Brand,Card Last 4,Customer Name,Customer Email,Receipt URL,Method,Note,Appeal',
    );
    expect(csv).toHaveLength(custom.length + 1);
    expect(csv.slice(1).map((line) => line.split(',')[0])).toEqual(custom.map((t) => t.id));
    await page
      .locator('.toast', { hasText: 'Download Started' })
      .filter({ hasText: `Transaction data exported to ${download.suggestedFilename()}` })
      .waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('creates a donor, records and deletes a $300 manual gift, exports, downloads the year-end PDF and deletes the donor', async () => {
    const page = await newPage(env);
    await signInUi(page, env);
    await page.getByRole('tab', { name: 'Donors' }).click();
    await page.getByRole('button', { name: 'Create New' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Donor' });
    await create.waitFor();
    await expect(create.getByRole('button', { name: 'Create Donor' }).isDisabled()).resolves.toBe(true);
    await expectNoAxeViolations(page, 'Create New Donor dialog');
    await shot(page, 'admin-dialog-create-donor-1280');
    await create.getByLabel('Name *').fill('Avery Quinn');
    await create.getByLabel('Email *').fill('avery.quinn@example.org');
    await create.getByLabel('Phone').fill('(870) 555-0199');
    await create.getByLabel('Address').fill('12 Elm Street, Marshall, AR 72650');
    await create.getByRole('button', { name: 'Create Donor' }).click();
    await page
      .locator('.toast', { hasText: 'Customer Created' })
      .filter({ hasText: 'New customer has been added successfully.' })
      .waitFor();
    await create.waitFor({ state: 'hidden' });

    const cardLink = page.locator('.adm-donor__link', { hasText: 'Avery Quinn' });
    await cardLink.waitFor();
    await expect(cardLink.textContent()).resolves.toContain('avery.quinn@example.org');
    await cardLink.click();
    await page.getByRole('heading', { level: 1, name: 'Avery Quinn' }).waitFor();
    const donorId = page.url().split('/').pop()!;
    expect(donorId).toMatch(/^cus_/);
    const info = page.getByRole('region', { name: 'Donor Information' });
    await expect(info.textContent()).resolves.toContain('(870) 555-0199');

    // Edit Donor: prefilled, saved to Stripe, shown once the customer.updated webhook is projected.
    await page.getByRole('button', { name: 'Edit Donor' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Donor' });
    await edit.waitFor();
    await expect(edit.getByLabel('Address line 1').inputValue()).resolves.toBe('12 Elm Street, Marshall, AR 72650');
    await expectNoAxeViolations(page, 'Edit Donor dialog');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page, 'Edit Donor dialog at 390 px');
    await shot(page, 'admin-dialog-edit-donor-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await edit.getByLabel('Address line 1').fill('77 Cedar Lane');
    await edit.getByLabel('City').fill('Leslie');
    await edit.getByLabel('State').fill('AR');
    await edit.getByLabel('ZIP code').fill('72645');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.locator('.toast', { hasText: 'Donor Updated' }).waitFor();
    await edit.waitFor({ state: 'hidden' });
    await info.getByText('77 Cedar Lane, Leslie, AR, 72645').waitFor();
    const [stripeRow] = await env.stack.db.query(`SELECT address_line1, address_city FROM donors WHERE id = $1`, [
      donorId,
    ]);
    expect(stripeRow).toEqual({ address_line1: '77 Cedar Lane', address_city: 'Leslie' });
    await page.getByText('No transactions found for the selected timeframe.').waitFor();
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page
      .locator('.toast', { hasText: 'No Data' })
      .filter({ hasText: 'No transactions available to download.' })
      .waitFor();

    // Manual gift: validation, the live IRS warning, then $300 recorded.
    await page.getByRole('button', { name: 'Add Donation' }).click();
    const add = page.getByRole('dialog', { name: 'Add Manual Donation for Avery Quinn' });
    await add.waitFor();
    await expect(add.getByLabel('Donation Type *').inputValue()).resolves.toBe('cash');
    await expect(add.getByLabel('Donation Type *').locator('option').allTextContents()).resolves.toEqual([
      'Cash',
      'Check',
      'Stock/Securities',
      'In-Kind Item',
      'Cryptocurrency',
      'Other',
    ]);
    await expect(add.getByLabel('Donation Date *').inputValue()).resolves.toBe(today());
    await add.getByText('Required for IRS-compliant receipts').waitFor();
    await add.getByLabel('Donor Name *').fill('');
    await add.getByLabel('Amount *').fill('12.345');
    await add.getByRole('button', { name: 'Add Donation' }).click();
    await add.getByText('Donor name is required').waitFor();
    await add.getByText('Enter a valid amount (e.g., 25.00 or 1,250.00)').waitFor();
    await add.getByLabel('Donor Name *').fill('=SUM(A1), "Avery" Quinn');
    await add.getByLabel('Amount *').fill('249.99');
    await expect(add.getByText('IRS Receipt Required').count()).resolves.toBe(0);
    await add.getByLabel('Amount *').fill('300');
    await add.getByText('IRS Receipt Required').waitFor();
    await expectNoAxeViolations(page, 'Add Manual Donation dialog');
    await shot(page, 'admin-dialog-add-donation-1280');
    await add.getByLabel('Amount *').fill('200');
    await expect(add.getByText('IRS Receipt Required').count()).resolves.toBe(0);
    await add.getByLabel('Amount *').fill('300.00');
    await add.getByRole('button', { name: 'Add Donation' }).click();
    await page
      .locator('.toast', { hasText: 'Donation Added Successfully' })
      .filter({ hasText: 'Manual donation of $300.00 has been recorded.' })
      .waitFor();
    await add.waitFor({ state: 'hidden' });
    await expectRows(page, 1);
    const row = rows(page).first();
    await expect(row.textContent()).resolves.toContain('$300.00');
    await row.getByText('IRS Receipt Required').waitFor();
    await expect(row.locator('td').nth(2).textContent()).resolves.toBe('Cash');
    await page.getByRole('region', { name: 'Donation Summary' }).filter({ hasText: '$300.00' }).waitFor();

    // CSV: the gift, N/A for the missing card, the formula-looking name neutralised and quoted.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Avery_Quinn_transactions_all-time_${today()}.csv`);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r\n/);
    expect(lines).toHaveLength(2);
    const [mdId] = await env.stack.db.query(`SELECT id FROM manual_donations WHERE stripe_customer_id = $1`, [donorId]);
    expect(lines[1]).toMatch(new RegExp(`^[^,]+,${today()},\\d{2}:\\d{2}:\\d{2},300\\.00,USD,succeeded,N/A,N/A,`));
    expect(lines[1]).toContain(`"'=SUM(A1), ""Avery"" Quinn"`);
    expect(mdId).toBeTruthy();

    // Year-end statement for the current year.
    const year = new Date().getFullYear();
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Year-End Statement' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`year-end-statement-${year}-Avery Quinn.pdf`);
    const bytes = readFileSync((await pdf.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('300.00');
    expect(text).toContain('77 Cedar Lane');

    // Delete the manual gift from the table.
    await row.getByRole('button', { name: 'Delete manual donation of $300.00' }).click();
    const confirmGift = page.getByRole('alertdialog', { name: 'Delete Manual Donation' });
    await confirmGift.waitFor();
    await expect(confirmGift.textContent()).resolves.toContain(
      'Are you sure you want to delete this manual donation of $300.00? This action cannot be undone.',
    );
    await expectNoAxeViolations(page, 'Delete Manual Donation dialog');
    await confirmGift.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.locator('.toast', { hasText: 'Manual Donation Deleted' }).waitFor();
    await expectRows(page, 0);
    await expect(
      env.stack.db.query(`SELECT 1 FROM manual_donations WHERE stripe_customer_id = $1`, [donorId]),
    ).resolves.toHaveLength(0);

    // Delete the donor.
    await page.getByRole('button', { name: 'Delete Donor' }).click();
    const confirmDonor = page.getByRole('alertdialog', { name: 'Delete Donor' });
    await confirmDonor.waitFor();
    await expect(confirmDonor.textContent()).resolves.toContain('payment methods and subscription data');
    await expectNoAxeViolations(page, 'Delete Donor dialog');
    await shot(page, 'admin-dialog-delete-donor-1280');
    await confirmDonor.getByRole('button', { name: 'Delete Donor' }).click();
    await page
      .locator('.toast', { hasText: 'Customer Deleted' })
      .filter({ hasText: 'The customer has been successfully removed from your Stripe account.' })
      .waitFor();
    await page.waitForURL(`${env.stack.apiUrl}/stripe-data`);
    await page.getByRole('heading', { name: 'Financial Analytics Dashboard' }).waitFor();
    await authed(env.stack, token).get(`/api/stripe/customer/${donorId}`).expect(404);

    // A profile that does not exist.
    await page.goto(`${env.stack.apiUrl}/stripe-data/customer/${donorId}`);
    await page.getByRole('heading', { name: 'Customer Not Found' }).waitFor();
    await page.getByText("The customer you're looking for doesn't exist.").waitFor();
    await expectNoAxeViolations(page, 'Customer Not Found');
    await page.context().close();
  }, 120_000);
});
