import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

import { chromiumChoice } from './chromium-executable.js';

/** The system's Chromium or the npm-packaged one (chromium-executable.ts), never a browser downloaded from elsewhere. */
export async function launchBrowser(): Promise<Browser> {
  const { path: executablePath, args } = await chromiumChoice();
  return chromium.launch({ executablePath, args, headless: true });
}

export const SCREENSHOT_DIR = path.resolve('test/artifacts/screenshots');

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Collects console errors and page errors so a test can assert there are none. Chromium's note that the page
 * itself came with a 404 is left out: the not-found page is meant to (api/src/web-app); any other 404 counts.
 */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    if (/status of 404/.test(msg.text()) && msg.location().url === page.url()) return;
    errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/**
 * Waits until no finite CSS animation or transition is running (a toast sliding in, a layout change after a
 * resize) and two frames have been painted since: the moment a screenshot or an axe scan sees the settled page.
 * Endless animations (a spinner) are not waited for.
 */
export async function settled(page: Page, timeoutMs = 5_000): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: timeoutMs },
  );
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}
