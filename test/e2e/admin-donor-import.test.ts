import type { Page } from 'playwright-core';
import { newPage, shot, signInUi, startAdminEnv, type AdminEnv } from '../helpers/admin-browser.js';
import { expectNoAxeViolations } from '../helpers/axe.js';

/**
 * Importing donors from a spreadsheet in Chromium over a real stack: upload a file with First Name and Last Name
 * columns, match the columns (the names guessed from their headers, the amount chosen by hand after our own
 * message asked for it), the dry-run preview naming both problems of a bad row with their text, the file's total
 * and every row, then the import with its progress bar, at 1280 and 390 px without axe violations.
 */
const CSV = [
  'First Name,Last Name,Email,Street Address,City,State,Zip,Date,Gift,Method,Memo',
  'Rosa,Alvarez,rosa@example.org,12 Oak St,Marshall,AR,72650,3/7/2024,250.00,check,Check #1042',
  'Rosa,Alvarez,rosa@example.org,12 Oak St,Marshall,AR,72650,2024-09-01,100,cash,',
  'Tom,Baker,,4 Pine Rd,Leslie,AR,72645,2023-12-24,"1,000.00",stock,10 shares',
  'Ann,Lee,ann@example.org,,,,,2024-02-30,19.99,barter,',
].join('\n');
const flat = async (text: Promise<string>) => (await text).replace(/\s+/g, ' ').trim();

describe('admin donor import in Chromium', () => {
  let env: AdminEnv;

  beforeAll(async () => {
    env = await startAdminEnv({ donors: 5 });
  }, 120_000);
  afterAll(() => env?.stop());

  /** Upload, then Preview without the amount: our own message, next to the field and in the summary. */
  async function toMappingError(page: Page, width: number) {
    await signInUi(page, env);
    await page.getByRole('link', { name: 'Import' }).click();
    await page.getByRole('heading', { name: 'Import donors and gifts', level: 1 }).waitFor();
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'old-donors.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('old-donors.csv: 4 rows.', { exact: false }).waitFor();
    // Guessed from the headers; "Gift" names no field, so the amount is left to choose by hand.
    expect(await page.getByLabel('First name').inputValue()).toBe('0');
    expect(await page.getByLabel('Last name').inputValue()).toBe('1');
    expect(await page.getByLabel('Full name').inputValue()).toBe('');
    expect(await page.getByLabel('Amount (required)').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Preview import' }).click();
    const summary = page.locator('.error-summary');
    await summary.waitFor();
    expect(await flat(summary.innerText())).toBe('There is 1 problem to fix Amount: Choose the column with the amount');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('error-summary'))).toBe(true);
    const amount = page.getByLabel('Amount (required)');
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#import-map-amount-error').innerText()).toBe('Choose the column with the amount');
    await expectNoAxeViolations(page, `donor import mapping error, ${width} px`);
    await shot(page, `admin-donor-import-mapping-error-${width}`);
    // The link in the summary takes the keyboard to the field; choosing the column clears the problem.
    await summary.getByRole('link').press('Enter');
    expect(await amount.evaluate((el) => el === document.activeElement)).toBe(true);
    await amount.selectOption({ label: 'Gift' });
    expect(await summary.count()).toBe(0);
  }

  async function toPreview(page: Page) {
    await page.getByRole('button', { name: 'Preview import' }).click();
    await page.getByRole('heading', { name: '3. Preview (nothing is saved yet)' }).waitFor();
  }

  it('uploads, maps first and last names, previews every row and imports at 1280 px', async () => {
    const page = await newPage(env, 1280);
    await toMappingError(page, 1280);
    await toPreview(page);
    expect(await flat(page.getByRole('list', { name: 'What the import will do' }).innerText())).toBe(
      '3 gifts to import 2 new donors 0 existing donors matched 0 rows already imported (skipped) 1 rows with errors (left out)',
    );
    // The file's amounts: 250.00 + 100 + 1,000.00 + 19.99 (the bad row's amount is readable, so it counts).
    expect(await flat(page.getByLabel('Totals').innerText())).toBe(
      'Total of the file $1,369.99 Total of the gifts to import $1,350.00',
    );
    const errors = page.getByRole('region', { name: /Rows with errors/ });
    expect(await flat(errors.getByRole('row').nth(1).innerText())).toBe(
      '5 Gift date “2024-02-30”: Donation date must be a valid date (YYYY-MM-DD or an ISO timestamp) ' +
        'Type “barter”: Unknown gift type (use cash, check, stock, in-kind or crypto)',
    );
    const rows = page.getByRole('region', { name: /Every row/ }).getByRole('row');
    expect(await rows.count()).toBe(5);
    expect(await flat(rows.nth(1).innerText())).toBe(
      '2 Rosa Alvarez rosa@example.org 2024-03-07 $250.00 Check General New donor',
    );
    expect(await flat(rows.nth(3).innerText())).toBe(
      '4 Tom Baker 2023-12-24 $1,000.00 Stock/Securities General New donor',
    );
    expect(await flat(rows.nth(4).innerText())).toBe(
      '5 Ann Lee ann@example.org 2024-02-30 $19.99 barter General Left out: errors',
    );
    await expectNoAxeViolations(page, 'donor import preview, 1280 px');
    await shot(page, 'admin-donor-import-preview-1280');

    await page.getByRole('button', { name: 'Import 3 gifts' }).click();
    await page.getByText('3 gifts added, 2 new donors.').waitFor();
    expect(await page.locator('progress').getAttribute('value')).toBe('3');
    await expectNoAxeViolations(page, 'donor import finished, 1280 px');
    await shot(page, 'admin-donor-import-done-1280');
    const gifts = await env.stack.db.query(
      `SELECT donor_name, donation_type, amount::int AS cents, notes FROM manual_donations ORDER BY amount`,
    );
    expect(gifts).toEqual(
      expect.arrayContaining([
        { donor_name: 'Rosa Alvarez', donation_type: 'check', cents: 25000, notes: 'Check #1042' },
        { donor_name: 'Tom Baker', donation_type: 'stock', cents: 100000, notes: '10 shares' },
      ]),
    );
    await page.context().close();
  }, 120_000);

  it('lists every row 100 at a time, the next page by keyboard', async () => {
    const page = await newPage(env, 1280);
    await signInUi(page, env);
    await page.getByRole('link', { name: 'Import' }).click();
    const lines = ['Name,Date,Amount', ...Array.from({ length: 130 }, (_, i) => `Donor ${i},2024-01-02,${i + 1}.00`)];
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'long.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('long.csv: 130 rows.', { exact: false }).waitFor();
    await toPreview(page);
    // 1 + 2 + ... + 130 dollars.
    expect(await flat(page.getByLabel('Totals').innerText())).toBe(
      'Total of the file $8,515.00 Total of the gifts to import $8,515.00',
    );
    const caption = page.locator('#import-rows-caption');
    expect(await caption.innerText()).toBe('Every row (100 of 130 shown)');
    const next = page.getByRole('button', { name: 'Show the next 100 rows' });
    await next.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Every row (130 of 130 shown)').waitFor();
    expect(await next.count()).toBe(0);
    // The button that had focus is gone: focus is on the rows' region (whose caption gives the new count), not <body>.
    await page.waitForFunction(() => document.activeElement !== document.body);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby'))).toBe(
      'import-rows-caption',
    );
    expect(
      await flat(
        page
          .getByRole('region', { name: /Every row/ })
          .getByRole('row')
          .last()
          .innerText(),
      ),
    ).toBe('131 Donor 129 2024-01-02 $130.00 Cash General New donor');
    await page.context().close();
  }, 120_000);

  it('at 390 px the same file previews as already imported, without axe violations', async () => {
    const page = await newPage(env, 390);
    await toMappingError(page, 390);
    await toPreview(page);
    expect(await page.getByRole('list', { name: 'What the import will do' }).innerText()).toContain(
      '3 rows already imported (skipped)',
    );
    expect(await page.getByRole('button', { name: 'Import 0 gifts' }).isDisabled()).toBe(true);
    expect(await page.getByRole('region', { name: /Rows with errors/ }).innerText()).toContain(
      'Type “barter”: Unknown gift type',
    );
    await expectNoAxeViolations(page, 'donor import preview, 390 px');
    await shot(page, 'admin-donor-import-preview-390');
    await page.context().close();
  }, 120_000);
});
