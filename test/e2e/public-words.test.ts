import { jest } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { SCHOOL_FACTS } from '../../core/src/school/school-facts.js';
import { screenshot } from '../helpers/browser.js';
import type { Stack } from '../helpers/stack.js';
import { openPublicPage, PUBLIC_ROUTES, startPublicEnv, type PublicEnv } from '../helpers/public-browser.js';
import { runAxe } from '../helpers/axe.js';

jest.setTimeout(180_000);

/** British spellings a US reader notices (the site writes US English). */
const BRITISH =
  /\b(neighbour|colour|favour|honour|behaviour|organis|recognis|realis|enrolment|practis(e|ed|ing)\b|storey|centre|catalogue|programme|cheque|travell)/i;

async function text(page: Page): Promise<string> {
  return (await page.locator('body').innerText()).replace(/\s+/g, ' ');
}

describe("the public site's words, pictures and not-found page", () => {
  let env: PublicEnv;
  let stack: Stack;
  let browser: Browser;
  beforeAll(async () => {
    env = await startPublicEnv({ workers: 0 });
    ({ stack, browser } = env);
  });
  afterAll(() => env?.stop());

  const open = (route: string, width = 1280) => openPublicPage(browser, `${stack.apiUrl}${route}`, width);

  it('Programs and Contact state the same days, from the school facts', async () => {
    const programs = await text((await open('/programs')).page);
    const contact = await text((await open('/contact')).page);
    const { openDays, openDaysShort, openDayCount, hours } = SCHOOL_FACTS.schedule;
    expect(contact).toContain(`${openDaysShort} ${hours}`);
    expect(programs).toContain(`${openDayCount} days a week, ${openDays}`);
    expect(programs).toContain(`each school day, ${openDays}`);
    expect(programs).not.toMatch(/five days a week|each day\b/);
    expect(openDays).toBe('Monday to Thursday');
  });

  it.each(PUBLIC_ROUTES.map((r) => [r]))(
    '%s is written in US English (page text, alt texts, title and description)',
    async (route) => {
      const { page } = await open(route);
      const alts = await page.locator('img').evaluateAll((is) => is.map((i) => (i as HTMLImageElement).alt).join(' '));
      const meta = (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
      const all = `${await text(page)} ${alts} ${await page.title()} ${meta}`;
      expect(all.match(BRITISH)?.[0] ?? null).toBeNull();
    },
  );

  it.each([
    ['/', 'footer.site-footer'],
    ['/contact', 'main'],
    ['/about', 'main'],
  ])(
    '%s: the e-mail address in the %s never breaks mid-word at 390 px, even with larger text',
    async (route, scope) => {
      for (const rootFont of ['100%', '125%']) {
        const { page } = await open(route, 390);
        await page.addStyleTag({ content: `html { font-size: ${rootFont} }` });
        const link = page
          .locator(scope)
          .getByRole('link', { name: /info@hillsidelearning\.org/ })
          .first();
        // Lines each text piece of the link spans: 1 each, so a break can only fall between the pieces (before the '@').
        const pieces = await link.evaluate((a) => {
          const walker = document.createTreeWalker(a, NodeFilter.SHOW_TEXT);
          const out: Array<[string, number]> = [];
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            if (n.parentElement?.closest('.sr-only')) continue;
            const range = document.createRange();
            range.selectNodeContents(n);
            out.push([n.textContent!, new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size]);
          }
          return out;
        });
        expect(pieces.map(([t]) => t).join('')).toBe('info@hillsidelearning.org');
        for (const [piece, lines] of pieces) expect([piece, lines]).toEqual([piece, 1]);
        await screenshot(page, `email-${route === '/' ? 'home' : route.slice(1)}-390-${rootFont.replace('%', '')}`);
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      }
    },
  );

  it('an unknown address answers 404 with the SPEC texts and a way home; known pages answer 200', async () => {
    for (const known of [
      '/',
      '/about',
      '/programs',
      '/gallery',
      '/donate',
      '/contact',
      '/stripe-data',
      '/reset-password',
      '/donate/',
    ]) {
      expect([known, (await fetch(`${stack.apiUrl}${known}`)).status]).toEqual([known, 200]);
    }
    for (const unknown of ['/no-such-page', '/donate/extra', '/about-us']) {
      const res = await fetch(`${stack.apiUrl}${unknown}`);
      expect([unknown, res.status]).toEqual([unknown, 404]);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
    }
    for (const width of [390, 1280]) {
      const { page } = await open('/no-such-page', width);
      await expect(page.locator('h1').textContent()).resolves.toBe('404 Page Not Found');
      expect(await text(page)).toContain('Did you forget to add the page to the router?');
      expect(await runAxe(page)).toEqual([]);
      await screenshot(page, `not-found-${width}`);
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await page.getByRole('heading', { name: 'Empowering Lives Through Education & Support' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
    }
  });

  it('the drawn map is the fallback and its alt text names the road of the pin', async () => {
    const { page } = await open('/contact', 390);
    await expect(page.locator('figure.map iframe').count()).resolves.toBe(0);
    await expect(page.locator('figure.map img').getAttribute('alt')).resolves.toMatch(/pin on 418 Schoolhouse Road/);
  });

  it.each([[390], [1280]])(
    'gallery at %i px: a photo opens larger on click or Enter in a labelled dialog; Escape closes it and focus returns',
    async (width) => {
      const { page, errors } = await open('/gallery', width);
      const opener = page.getByRole('button', { name: /Three adults play two drums and a guitar/ });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Music time with drums and guitar.' });
      await dialog.waitFor();
      const big = dialog.locator('img');
      await expect(big.getAttribute('alt')).resolves.toBe(
        'Three adults play two drums and a guitar together under painted music notes.',
      );
      await expect(big.getAttribute('src')).resolves.toBe('/images/gallery/music-time-640.webp');
      await expect(
        big.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth),
      ).resolves.toBe(640);
      const thumb = await opener.locator('img').boundingBox();
      const large = await big.boundingBox();
      expect(large!.width).toBeGreaterThan(thumb!.width);
      expect(await runAxe(page)).toEqual([]);
      await screenshot(page, `gallery-dialog-${width}`);
      await page.keyboard.press('Escape');
      await expect(dialog.count()).resolves.toBe(0);
      await expect(opener.evaluate((b) => b === document.activeElement)).resolves.toBe(true);

      // The keyboard alone: Tab to another photo, Enter opens it, the close button closes it.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Job skills in our workshop.' }).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('dialog').count()).resolves.toBe(0);
      expect(errors).toEqual([]);
    },
  );
});
