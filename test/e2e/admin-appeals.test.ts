import type { Page } from 'playwright-core';
import { addDays, dayOf } from '../../core/src/gifts/calendar.js';
import { newPage, shot, signInUi, startAdminEnv, type AdminEnv } from '../helpers/admin-browser.js';
import { expectNoAxeViolations } from '../helpers/axe.js';

/**
 * The Appeals page in Chromium over a real stack: staff create an appeal by keyboard alone (days in the school's
 * time zone), preview it with its story cleaned by the server, publish it, end it early and archive it; the list
 * shows its progress; axe finds nothing at 1280 and 390 px.
 */
describe('admin Appeals page in Chromium', () => {
  let env: AdminEnv;
  let page: Page;
  const today = dayOf(new Date(), 'America/Chicago');

  beforeAll(async () => {
    env = await startAdminEnv({ donors: 10, workers: 0, emulator: false });
  }, 120_000);
  afterAll(() => env?.stop());

  it('creates an appeal with the keyboard alone, previews it, and lists it with its progress', async () => {
    page = await newPage(env, 1280);
    await signInUi(page, env);
    await page.getByRole('link', { name: 'Appeals' }).click();
    await page.getByRole('heading', { name: 'Appeals', level: 1 }).waitFor();
    await page.getByText('No appeals yet.').waitFor();
    await expectNoAxeViolations(page, 'appeals, empty, 1280 px');

    // Keyboard only: focus the button, open the form, fill every field with Tab and typing, submit with Enter.
    await page.getByRole('button', { name: 'New Appeal' }).focus();
    await page.keyboard.press('Enter');
    // The form takes the focus to its first field.
    await page.waitForFunction(() => document.activeElement?.id === 'appeal-name');
    await page.keyboard.type('A New Van');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Van'); // refused: capitals
    await page.keyboard.press('Tab'); // goal kind (dollars)
    await page.keyboard.press('Tab');
    await page.keyboard.type('5,000');
    await page.getByLabel('Last day').focus();
    await page.keyboard.type(isoToDateKeys(addDays(today, 9)));
    await page.getByLabel('Story').focus();
    await page.keyboard.type('<p>Help us <strong>ride</strong>.</p><script>alert(1)</script>');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Create Appeal' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('slug must be 1 to 40 lower-case letters').waitFor();
    await expectNoAxeViolations(page, 'appeal form with an error, 1280 px');
    await page.getByLabel('Short address').fill('van');
    // Recent gifts are off for a new appeal; staff turn them on with the box (and its hint).
    const recent = page.getByRole('checkbox', { name: 'Show recent gifts on the page' });
    await expect(recent.isChecked()).resolves.toBe(false);
    await expect(recent.getAttribute('aria-describedby')).resolves.toBe('appeal-recent-gifts-hint');
    await recent.focus();
    await page.keyboard.press('Space');
    await shot(page, 'admin-appeal-form-1280');
    await page.getByRole('button', { name: 'Create Appeal' }).focus();
    await page.keyboard.press('Enter');
    const row = page.getByRole('row', { name: /A New Van/ });
    await row.waitFor();
    await row.getByText('Draft', { exact: true }).waitFor();
    await row.getByText('$0.00 of $5,000.00 (0%)').waitFor();
    await row.getByText(`${today} to ${addDays(today, 9)}`).waitFor();
    expect(await env.stack.db.query(`SELECT show_recent_gifts FROM appeals WHERE slug = 'van'`)).toEqual([
      { show_recent_gifts: true },
    ]);

    await page.getByRole('button', { name: 'Preview A New Van' }).click();
    const preview = page.getByRole('region', { name: 'Preview: A New Van' });
    await preview.getByText('ride').waitFor();
    expect(await preview.locator('script').count()).toBe(0);
    await expectNoAxeViolations(page, 'appeal preview, 1280 px');
    await shot(page, 'admin-appeals-1280');
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, 'appeals, 390 px');
    await shot(page, 'admin-appeals-390');
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 60_000);

  it('publishes, ends early and archives, each audited', async () => {
    await page.getByRole('button', { name: 'Publish A New Van' }).click();
    const row = page.getByRole('row', { name: /A New Van/ });
    await row.getByText('Open', { exact: true }).waitFor();
    await row.getByText('10 days left').waitFor();
    await page.getByRole('button', { name: 'End Early A New Van' }).click();
    await row.getByText('Ended', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Archive A New Van' }).click();
    await row.getByText('Archived', { exact: true }).waitFor();
    const actions = await env.stack.db.query(`SELECT action FROM audit_log WHERE action LIKE 'appeal.%' ORDER BY id`);
    expect(actions.map((a: { action: string }) => a.action)).toEqual([
      'appeal.created',
      'appeal.published',
      'appeal.ended',
      'appeal.archived',
    ]);
  }, 60_000);
});

/** Chromium's date input takes the month, day and year typed in the locale's order (en-US: MM DD YYYY). */
function isoToDateKeys(day: string): string {
  const [y, m, d] = day.split('-');
  return `${m}${d}${y}`;
}
