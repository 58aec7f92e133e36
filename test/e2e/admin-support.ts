/**
 * Shared setup for the admin browser tests (test/e2e/admin-*.test.ts): a real stack with a seeded giving
 * history, an admin account, Chromium, axe-core and a catching SMTP server.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { loadBulk } from '../fixtures/loaders/bulk.js';
import { createAdmin, type TestAdmin } from '../helpers/admin.js';
import { launchBrowser, screenshot } from '../helpers/browser.js';
import { decodeQuotedPrintable } from '../helpers/smtp-catcher.js';
import { startStack, type Stack, type StackOptions } from '../helpers/stack.js';

export interface AdminEnv {
  stack: Stack;
  browser: Browser;
  admin: TestAdmin;
  stop(): Promise<void>;
}

/** A stack with `donors` seeded donors and 14 months of history ending now, an admin and a browser. */
export async function startAdminEnv(opts: StackOptions & { donors?: number } = {}): Promise<AdminEnv> {
  const stack = await startStack(opts);
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

export async function newPage(env: AdminEnv, width = 1280): Promise<Page> {
  const context = await env.browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true, timezoneId: 'America/Chicago' });
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

const AXE_SOURCE = readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * axe-core with the WCAG 2.0/2.1 A and AA rules. Evaluated through the DevTools protocol, so the page's
 * Content-Security-Policy (no inline scripts) does not block it.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
  return result;
}

/** Fails with a readable list when axe finds anything. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length) {
    const text = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join('\n    ')}`).join('\n');
    throw new Error(`axe found ${violations.length} violation(s) on ${where}:\n${text}`);
  }
}

export async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
}

export const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

export { startSmtpCatcher } from '../helpers/smtp-catcher.js';

/** The /reset-password?token=... part of a raw message (quoted-printable undone). */
export function resetPathOf(raw: string): string {
  const decoded = decodeQuotedPrintable(raw);
  const m = /https?:\/\/\S+?(\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(decoded);
  if (!m) throw new Error(`no reset link in:\n${decoded}`);
  return m[1];
}
