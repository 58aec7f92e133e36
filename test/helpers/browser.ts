import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
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
  if (process.env.UPDATE_GUIDE_SCREENSHOTS === '1' && guideImages().has(name)) await guideScreenshot(page, name);
  return file;
}

/**
 * The guide's copy is taken from the top of the page: a page scrolled down draws its sticky header in the middle
 * of a full-page image. The scroll is put back, so the test goes on where it was.
 */
async function guideScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(GUIDE_IMG_DIR, { recursive: true });
  const y = await page.evaluate(() => window.scrollY);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.screenshot({ path: path.join(GUIDE_IMG_DIR, `${name}.png`), fullPage: true });
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
}

const GUIDE_DIR = path.resolve('docs/guide');
const GUIDE_IMG_DIR = path.join(GUIDE_DIR, 'img');

/**
 * The screenshots the staff's guide shows: the names its pages link as `img/<name>.png`. The guide is the one list,
 * so a page that starts showing another screen gets it from the next `UPDATE_GUIDE_SCREENSHOTS=1` run of its suite.
 */
function guideImages(): Set<string> {
  if (!existsSync(GUIDE_DIR)) return new Set();
  const pages = readdirSync(GUIDE_DIR).filter((f) => f.endsWith('.md'));
  const text = pages.map((f) => readFileSync(path.join(GUIDE_DIR, f), 'utf8')).join('\n');
  return new Set([...text.matchAll(/\bimg\/([\w.-]+)\.png\b/g)].map((m) => m[1]));
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
    () =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: timeoutMs },
  );
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}
