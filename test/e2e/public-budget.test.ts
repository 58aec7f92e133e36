import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import type { Stack } from '../helpers/stack.js';
import { recordAssetRequests, startPublicEnv, type PublicEnv } from '../helpers/public-browser.js';

/** The home page's JavaScript budget: at most 120 kB gzipped, and no Stripe code before /donate. */
export const HOME_JS_BUDGET_BYTES = 120 * 1024;

describe('public JavaScript budget', () => {
  let env: PublicEnv;
  let stack: Stack;
  let browser: Browser;
  beforeAll(async () => {
    // Production configuration: no Stripe.js stand-in in the page (that is demo mode only), so what the
    // home page downloads is exactly what a visitor of the real site downloads.
    env = await startPublicEnv({ workers: 0, emulator: false });
    ({ stack, browser } = env);
  });
  afterAll(() => env?.stop());

  async function scriptsOf(route: string): Promise<Array<{ url: string; gzip: number }>> {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    const assets = recordAssetRequests(page);
    await page.goto(`${stack.apiUrl}${route}`, { waitUntil: 'networkidle' });
    await page.close();
    const scripts = assets.filter((u) => u.startsWith(stack.apiUrl) && u.endsWith('.js'));
    return Promise.all(
      scripts.map(async (url) => ({
        url,
        gzip: gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length,
      })),
    );
  }

  it(`home page loads at most ${HOME_JS_BUDGET_BYTES / 1024} kB of gzipped JavaScript of ours, and no Stripe.js`, async () => {
    const page = await browser.newPage();
    const all = recordAssetRequests(page);
    await page.goto(`${stack.apiUrl}/`, { waitUntil: 'networkidle' });
    await page.close();
    expect(all.filter((u) => !u.startsWith(stack.apiUrl))).toEqual([]);
    expect(all.filter((u) => /\/js\/v3|stripe/i.test(u))).toEqual([]);

    const scripts = await scriptsOf('/');
    const total = scripts.reduce((n, s) => n + s.gzip, 0);
    // Printed so the number can be tracked over time.
    console.log(
      `home page JS: ${scripts.length} files, ${(total / 1024).toFixed(1)} kB gzipped\n${scripts.map((s) => `  ${new URL(s.url).pathname} ${(s.gzip / 1024).toFixed(1)} kB`).join('\n')}`,
    );
    expect(scripts.length).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
  });

  it('the donate page adds only its own chunk (Stripe.js itself comes from js.stripe.com)', async () => {
    const home = new Set((await scriptsOf('/')).map((s) => s.url));
    const donate = await scriptsOf('/donate');
    const extra = donate.filter((s) => !home.has(s.url));
    const total = extra.reduce((n, s) => n + s.gzip, 0);
    console.log(`donate page extra JS: ${(total / 1024).toFixed(1)} kB gzipped`);
    expect(extra.some((s) => /donate-/.test(s.url))).toBe(true);
    expect(total).toBeLessThanOrEqual(40 * 1024);
  });
});
