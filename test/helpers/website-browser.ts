/**
 * Steps the Website e2e suites share (website-pages, website-news-events, website-staff-journey): signing in
 * through the form, and a page's published history with its Restore button.
 */
import type { Locator, Page } from 'playwright-core';
import type { TestAdmin } from './admin.js';

/**
 * Fills the sign-in form at `path` (/stripe-data, or an admin page, which shows the form and then itself) and
 * submits it; where it lands depends on the admin's role.
 */
export async function signInAs(page: Page, apiUrl: string, admin: TestAdmin, path = '/stripe-data'): Promise<void> {
  await page.goto(`${apiUrl}${path}`);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Website > Pages with `pageKey` picked; answers its table of published versions once `editorName`'s is listed. */
export async function openPageHistory(
  page: Page,
  apiUrl: string,
  pageKey: string,
  title: string,
  editorName: string,
): Promise<Locator> {
  await page.goto(`${apiUrl}/admin/website`);
  await page.getByLabel('Page', { exact: true }).selectOption(pageKey);
  const history = page.getByRole('table', { name: new RegExp(`Published versions of ${title}`) });
  await history.getByText(editorName).waitFor();
  return history;
}

/** Restores the newest earlier version listed and waits for the history to say so. */
export async function restoreEarlierVersion(history: Locator): Promise<void> {
  await history
    .getByRole('button', { name: /^Restore the version of/ })
    .first()
    .click();
  await history.getByText('(restored an earlier version)').waitFor();
}
