import type { Browser } from 'playwright-core';
import { collectConsoleErrors, launchBrowser } from '../helpers/browser.js';
import { startStack, type Stack } from '../helpers/stack.js';

describe('home page in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  beforeAll(async () => {
    stack = await startStack({ workers: 0, emulator: false });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('loads with its title and heading and no console errors', async () => {
    const page = await browser.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${stack.apiUrl}/`, { waitUntil: 'networkidle' });
    await expect(page.title()).resolves.toContain('Hillside Learning Center');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Empowering Lives Through Education & Support');
    expect(errors).toEqual([]);
  });
});
