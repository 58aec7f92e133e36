import type { Page } from 'playwright-core';
import { newPage, shot, signInUi, startAdminEnv, type AdminEnv } from '../helpers/admin-browser.js';
import { expectNoAxeViolations } from '../helpers/axe.js';

/**
 * Importing donors from a spreadsheet in Chromium over a real stack: upload, match the columns (one guessed
 * from its header, one chosen by hand), the dry-run preview naming a bad row and why, then the import with its
 * progress bar, at 1280 and 390 px without axe violations.
 */
const CSV = [
  'Full Name,Email,Street Address,City,State,Zip,Date,Gift,Method,Memo',
  'Rosa Alvarez,rosa@example.org,12 Oak St,Marshall,AR,72650,3/7/2024,250.00,check,Check #1042',
  'Rosa Alvarez,rosa@example.org,12 Oak St,Marshall,AR,72650,2024-09-01,100,cash,',
  'Tom Baker,,4 Pine Rd,Leslie,AR,72645,2023-12-24,"1,000.00",stock,10 shares',
  'Bad Row,bad@example.org,,,,,2024-01-05,lots,cash,',
].join('\n');

describe('admin donor import in Chromium', () => {
  let env: AdminEnv;

  beforeAll(async () => {
    env = await startAdminEnv({ donors: 5 });
  }, 120_000);
  afterAll(() => env?.stop());

  async function toPreview(page: Page) {
    await signInUi(page, env);
    await page.getByRole('link', { name: 'Import' }).click();
    await page.getByRole('heading', { name: 'Import donors and gifts', level: 1 }).waitFor();
    await page.getByLabel('CSV file').setInputFiles({ name: 'old-donors.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('old-donors.csv: 4 rows.', { exact: false }).waitFor();
    // Guessed from the headers; "Gift" names no field, so the amount is chosen by hand.
    expect(await page.getByLabel('Donor name (required)').inputValue()).toBe('0');
    expect(await page.getByLabel('Amount (required)').inputValue()).toBe('');
    await page.getByLabel('Amount (required)').selectOption({ label: 'Gift' });
    await page.getByRole('button', { name: 'Preview import' }).click();
    await page.getByRole('heading', { name: '3. Preview (nothing is saved yet)' }).waitFor();
  }

  it('uploads, maps, previews and imports at 1280 px', async () => {
    const page = await newPage(env, 1280);
    await toPreview(page);
    const counts = page.getByRole('list', { name: 'What the import will do' });
    expect((await counts.innerText()).replace(/\s+/g, ' ')).toBe(
      '3 gifts to import 2 new donors 0 existing donors matched 0 rows already imported (skipped) 1 rows with errors (left out)',
    );
    const errors = page.getByRole('region', { name: /Rows with errors/ });
    expect((await errors.getByRole('row').nth(1).innerText()).replace(/\s+/g, ' ')).toBe('5 Enter a valid amount (e.g., 25.00 or 1,250.00)');
    await expectNoAxeViolations(page, 'donor import preview, 1280 px');
    await shot(page, 'admin-donor-import-preview-1280');

    await page.getByRole('button', { name: 'Import 3 gifts' }).click();
    await page.getByText('3 gifts added, 2 new donors.').waitFor();
    expect(await page.locator('progress').getAttribute('value')).toBe('3');
    await expectNoAxeViolations(page, 'donor import finished, 1280 px');
    await shot(page, 'admin-donor-import-done-1280');
    const rows = await env.stack.db.query(`SELECT donor_name, donation_type, amount::int AS cents, notes FROM manual_donations ORDER BY amount`);
    expect(rows).toEqual(expect.arrayContaining([
      { donor_name: 'Rosa Alvarez', donation_type: 'check', cents: 25000, notes: 'Check #1042' },
      { donor_name: 'Tom Baker', donation_type: 'stock', cents: 100000, notes: '10 shares' },
    ]));
    await page.context().close();
  }, 120_000);

  it('at 390 px the same file previews as already imported, without axe violations', async () => {
    const page = await newPage(env, 390);
    await toPreview(page);
    expect(await page.getByRole('list', { name: 'What the import will do' }).innerText()).toContain('3 rows already imported (skipped)');
    expect(await page.getByRole('button', { name: 'Import 0 gifts' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'donor import preview, 390 px');
    await shot(page, 'admin-donor-import-preview-390');
    await page.context().close();
  }, 120_000);
});
