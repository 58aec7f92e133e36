import type { Browser } from 'playwright-core';
import { collectConsoleErrors } from '../helpers/browser.js';
import type { Stack } from '../helpers/stack.js';
import { startPublicEnv, type PublicEnv } from '../helpers/public-browser.js';

describe('home page in Chromium', () => {
  let env: PublicEnv;
  let stack: Stack;
  let browser: Browser;
  beforeAll(async () => {
    env = await startPublicEnv({ workers: 0, emulator: false });
    ({ stack, browser } = env);
  });
  afterAll(() => env?.stop());

  it('loads with its title and heading and no console errors', async () => {
    const page = await browser.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${stack.apiUrl}/`, { waitUntil: 'networkidle' });
    await expect(page.title()).resolves.toContain('Hillside Learning Center');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Empowering Lives Through Education & Support',
    );
    expect(errors).toEqual([]);
  });
});
