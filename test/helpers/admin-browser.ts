/**
 * Shared setup for the admin browser tests (test/e2e/admin-*.test.ts): a real stack with a seeded giving
 * history, an admin account, Chromium, axe-core and a catching SMTP server.
 */
import type { Browser, Page } from 'playwright-core';
import { loadBulk } from '../fixtures/loaders/bulk.js';
import { createAdmin, type TestAdmin } from './admin.js';
import { launchBrowser, screenshot } from './browser.js';
import { decodeQuotedPrintable } from './smtp-catcher.js';
import { startStack, type Stack, type StackOptions } from './stack.js';

export interface AdminEnv {
  stack: Stack;
  browser: Browser;
  admin: TestAdmin;
  stop(): Promise<void>;
}

/** A stack with `donors` seeded donors and 14 months of history ending now, an admin and a browser. */
export async function startAdminEnv(
  opts: StackOptions & { donors?: number; beforeLoad?: (stack: Stack) => Promise<void> } = {},
): Promise<AdminEnv> {
  const stack = await startStack(opts);
  await opts.beforeLoad?.(stack);
  await loadBulk(stack.db.pool, {
    history: { seed: 20261121, donors: opts.donors ?? 80, months: 14, endDate: new Date() },
    timeZone: stack.env.TIME_ZONE,
  });
  const admin = await createAdmin(stack, { name: 'Morgan Reyes' });
  const browser = await launchBrowser();
  return {
    stack,
    browser,
    admin,
    stop: async () => {
      await browser.close().catch(() => undefined);
      await stack.stop();
    },
  };
}

/** A page in a browser whose zone is `timezoneId` (the school's by default; another proves dates are the school's). */
export async function newPage(env: AdminEnv, width = 1280, timezoneId = 'America/Chicago'): Promise<Page> {
  const context = await env.browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true, timezoneId });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** Signs in through the login form at /stripe-data and waits for the dashboard. */
export async function signInUi(page: Page, env: AdminEnv, password = env.admin.password): Promise<void> {
  await page.goto(`${env.stack.apiUrl}/stripe-data`);
  await page.getByLabel('Email').fill(env.admin.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Financial Analytics Dashboard' }).waitFor();
}

export async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
}

export const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

export { startSmtpCatcher } from './smtp-catcher.js';

/** The /reset-password?token=... part of a raw message (quoted-printable undone). */
export function resetPathOf(raw: string): string {
  const decoded = decodeQuotedPrintable(raw);
  const m = /https?:\/\/\S+?(\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(decoded);
  if (!m) throw new Error(`no reset link in:\n${decoded}`);
  return m[1];
}
