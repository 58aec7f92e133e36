import { jest } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { collectConsoleErrors, screenshot } from '../helpers/browser.js';
import { startStack, type Stack } from '../helpers/stack.js';
import {
  adminOnlyFiles,
  PUBLIC_ROUTES,
  recordAssetRequests,
  routeName,
  WIDTHS,
  startPublicEnv,
  type PublicEnv,
} from '../helpers/public-browser.js';
import { runAxe } from '../helpers/axe.js';

jest.setTimeout(180_000);

/** SPEC section 2: what every public page must say, exactly. */
const year = new Date().getFullYear();

async function text(page: Page): Promise<string> {
  return (await page.locator('body').innerText()).replace(/\s+/g, ' ');
}

async function hrefOf(page: Page, scope: string, name: string | RegExp) {
  return page
    .locator(scope)
    .getByRole('link', { name, exact: typeof name === 'string' })
    .first()
    .getAttribute('href');
}

const H1: Record<(typeof PUBLIC_ROUTES)[number], string> = {
  '/': 'Empowering Lives Through Education & Support',
  '/about': 'About Us',
  '/programs': 'Our Programs',
  '/gallery': 'Photo Gallery',
  '/contact': 'Contact Us',
  '/donate': 'Donate',
  '/no-such-page': '404 Page Not Found',
};

describe('public pages in Chromium', () => {
  let env: PublicEnv;
  let stack: Stack;
  let browser: Browser;
  beforeAll(async () => {
    env = await startPublicEnv({ workers: 0 });
    ({ stack, browser } = env);
  });
  afterAll(() => env?.stop());

  async function open(route: string, width = 1280): Promise<{ page: Page; errors: string[]; assets: string[] }> {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const errors = collectConsoleErrors(page);
    const assets = recordAssetRequests(page);
    await page.goto(`${stack.apiUrl}${route}`, { waitUntil: 'networkidle' });
    await page.locator('h1').first().waitFor();
    return { page, errors, assets };
  }

  it('header and footer: links, phone, address, PO box, e-mail, social, copyright with year and EIN, legal links; no gallery link', async () => {
    const { page, errors } = await open('/');
    const header = page.locator('header.site-header');
    for (const [name, href] of [
      ['Home', '/'],
      ['About Us', '/about'],
      ['Programs', '/programs'],
      ['Donate', '/donate'],
      ['Contact', '/contact'],
    ]) {
      await expect(hrefOf(page, 'nav[aria-label="Main"]', name)).resolves.toBe(href);
    }
    await expect(
      header
        .getByRole('link', { name: /\(870\) 555-0142/ })
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await expect(page.locator('nav[aria-label="Main"] a[aria-current="page"]').textContent()).resolves.toBe('Home');
    const footer = page.locator('footer');
    const f = (await footer.innerText()).replace(/\s+/g, ' ');
    expect(f).toContain('418 Schoolhouse Road');
    expect(f).toContain('PO Box 214, Marshall, AR 72650');
    expect(f).toContain('(870) 555-0142');
    expect(f).toContain('info@hillsidelearning.org');
    expect(f).toContain(`© ${year} Hillside Learning Center`);
    expect(f).toContain('71-0123456');
    await expect(hrefOf(page, 'footer', 'Our Programs')).resolves.toBe('/programs');
    for (const name of ['Home', 'About Us', 'Donate', 'Contact'])
      await expect(footer.getByRole('link', { name, exact: true }).count()).resolves.toBe(1);
    for (const name of ['Privacy Policy', 'Terms of Service', 'Accessibility'])
      await expect(footer.getByRole('link', { name }).isVisible()).resolves.toBe(true);
    await expect(footer.getByRole('link', { name: /Facebook/ }).getAttribute('href')).resolves.toMatch(
      /^https:\/\/www\.facebook\.com\//,
    );
    await expect(page.locator('a[href="/gallery"]').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });

  it('Home: hero heading and buttons, mission, three program cards with Learn More to /contact', async () => {
    const { page, errors } = await open('/');
    await expect(page.locator('h1').textContent()).resolves.toBe('Empowering Lives Through Education & Support');
    await expect(hrefOf(page, 'main', 'Donate Now')).resolves.toBe('/donate');
    await expect(hrefOf(page, 'main', 'Our Programs')).resolves.toBe('/programs');
    await expect(page.getByRole('heading', { name: 'Our Mission' }).isVisible()).resolves.toBe(true);
    const cards = page.locator('main .program-card');
    await expect(cards.locator('h3').allTextContents()).resolves.toEqual([
      'Adult Development Program',
      'Transportation Services',
      'Community Integration',
    ]);
    const learnMore = page.locator('main').getByRole('link', { name: /^Learn More/ });
    await expect(learnMore.count()).resolves.toBe(3);
    for (const href of await learnMore.evaluateAll((as) => as.map((a) => a.getAttribute('href'))))
      expect(href).toBe('/contact');
    expect(errors).toEqual([]);
  });

  it('About: 1969, 1972, over 50 years, a team of about 6 to 10, two staff cards, three values', async () => {
    const { page, errors } = await open('/about');
    const t = await text(page);
    for (const s of ['established in 1969', '1972', 'over 50 years', 'about 6 to 10 professionals'])
      expect(t).toContain(s);
    const staff = page.locator('.staff-card');
    await expect(staff.count()).resolves.toBe(2);
    expect(await staff.allInnerTexts()).toEqual([
      expect.stringContaining('Principal officer'),
      expect.stringContaining('Administrative contact'),
    ]);
    await expect(page.locator('.value-card h3').allTextContents()).resolves.toEqual([
      'Empowerment',
      'Dignity',
      'Community',
    ]);
    expect(errors).toEqual([]);
  });

  it('Programs: six cards with image, title, description and Learn More; the closing block', async () => {
    const { page, errors } = await open('/programs');
    const cards = page.locator('.program-card');
    await expect(cards.locator('h2').allTextContents()).resolves.toEqual([
      'Adult Development Program',
      'Transportation Services',
      'Community Integration',
      'Life Skills Training',
      'Recreational Activities',
      'Vocational Training',
    ]);
    const imgs = await cards
      .locator('img')
      .evaluateAll((els) =>
        (els as HTMLImageElement[]).map((i) => ({
          alt: i.alt,
          w: i.getAttribute('width'),
          h: i.getAttribute('height'),
          srcset: i.srcset,
          sizes: i.sizes,
          loading: i.loading,
        })),
      );
    expect(imgs).toHaveLength(6);
    for (const img of imgs) {
      expect(img.alt.length).toBeGreaterThan(20);
      expect(img).toMatchObject({
        w: '800',
        h: '533',
        srcset: expect.stringMatching(/-400\.webp 400w, .*-800\.webp 800w/),
      });
      expect(img.sizes).toBeTruthy();
    }
    expect(imgs.slice(1).every((i) => i.loading === 'lazy')).toBe(true);
    expect(await text(page)).toContain('accessible van with a lift');
    const learnMore = page.locator('main').getByRole('link', { name: /^Learn More/ });
    await expect(learnMore.count()).resolves.toBe(6);
    for (const href of await learnMore.evaluateAll((as) => as.map((a) => a.getAttribute('href'))))
      expect(href).toBe('/contact');
    await expect(page.getByRole('heading', { name: 'Need More Information?' }).isVisible()).resolves.toBe(true);
    await expect(hrefOf(page, 'main', 'Contact Us')).resolves.toBe('/contact');
    // Every image really loads (WebP files exist in the build).
    const broken = await page.evaluate(async () => {
      for (const img of Array.from(document.images)) img.loading = 'eager';
      await Promise.all(
        Array.from(document.images).map((i) =>
          i.complete
            ? Promise.resolve()
            : new Promise((r) => {
                i.onload = i.onerror = r;
              }),
        ),
      );
      return Array.from(document.images)
        .filter((i) => !i.naturalWidth)
        .map((i) => i.src);
    });
    expect(broken).toEqual([]);
    expect(errors).toEqual([]);
  });

  it.each([
    [360, 2],
    [768, 3],
    [1280, 4],
  ])('Gallery: Photo Gallery with 12 captioned images in %i px -> %i columns', async (width, columns) => {
    const { page, errors } = await open('/gallery', width);
    await expect(page.locator('h1').textContent()).resolves.toBe('Photo Gallery');
    const figures = page.locator('.gallery-item');
    // The heading shows at once; the photos follow their own request (a spinner meanwhile).
    await page.locator('section[aria-label="Photos"][aria-busy="false"]').waitFor();
    await expect(figures.count()).resolves.toBe(12);
    const items = await figures.evaluateAll((fs) =>
      fs.map((f) => ({ alt: f.querySelector('img')!.alt, caption: f.querySelector('figcaption')!.textContent })),
    );
    for (const i of items) {
      expect(i.alt.length).toBeGreaterThan(15);
      expect(i.caption!.length).toBeGreaterThan(10);
    }
    const cols = await page
      .locator('.gallery-grid')
      .evaluate((g) => getComputedStyle(g).gridTemplateColumns.split(' ').length);
    expect(cols).toBe(columns);
    expect(errors).toEqual([]);
  });

  it('Contact: street address, PO box, phone, e-mail, hours and the Find Us map (offline image + link out)', async () => {
    const { page, errors } = await open('/contact');
    const t = await text(page);
    for (const s of [
      '418 Schoolhouse Road',
      'Marshall, AR 72650',
      'PO Box 214',
      '(870) 555-0142',
      'info@hillsidelearning.org',
      'Monday - Thursday 8:00 AM - 3:00 PM',
      'Friday - Sunday Closed',
    ])
      expect(t).toContain(s);
    await expect(page.getByRole('heading', { name: 'Find Us' }).isVisible()).resolves.toBe(true);
    await expect(page.locator('figure.map img').getAttribute('alt')).resolves.toContain('Marshall');
    await expect(page.getByRole('link', { name: /OpenStreetMap/ }).getAttribute('href')).resolves.toMatch(
      /^https:\/\/www\.openstreetmap\.org\/\?mlat=35\.9/,
    );
    await expect(page.locator('iframe').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });

  it('Donate: title, Support Our Mission, Ways to Give, the Make a Donation panel with presets, EIN and tax statement', async () => {
    const { page, errors } = await open('/donate');
    await expect(page.title()).resolves.toBe('Donate | Hillside Learning Center');
    const desc = await page.locator('meta[name="description"]').getAttribute('content');
    expect(desc).toMatch(/support the mission/i);
    await expect(page.getByRole('heading', { name: 'Support Our Mission' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: 'Ways to Give' }).isVisible()).resolves.toBe(true);
    await expect(page.locator('.ways-list li').allInnerTexts()).resolves.toEqual([
      'One-time financial donations',
      'Monthly recurring support',
      'In-kind donations of supplies and equipment',
      'Volunteer time and expertise',
    ]);
    await expect(page.getByRole('heading', { name: 'Make a Donation' }).isVisible()).resolves.toBe(true);
    for (const b of ['$25', '$50', '$100', 'Other'])
      await expect(page.getByRole('button', { name: b, exact: true }).isVisible()).resolves.toBe(true);
    const t = await text(page);
    expect(t).toContain('EIN: 71-0123456');
    expect(t).toContain('501(c)(3)');
    expect(t).toContain('All donations are tax-deductible');
    expect(errors).toEqual([]);
  });

  it("not-found: '404 Page Not Found' with the router hint", async () => {
    const { page, errors } = await open('/no-such-page');
    await expect(page.locator('h1').textContent()).resolves.toBe('404 Page Not Found');
    expect(await text(page)).toContain('Did you forget to add the page to the router?');
    expect(errors).toEqual([]);
  });

  it('every page sets its own title and meta description', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.apiUrl}/`, { waitUntil: 'networkidle' });
    const seen = new Map<string, string>();
    let previous = '';
    for (const route of PUBLIC_ROUTES) {
      // Client-side navigation, as a visitor moves around (the title must change without a reload).
      await page.evaluate((r) => {
        history.pushState({}, '', r);
        dispatchEvent(new PopStateEvent('popstate'));
      }, route);
      await page.locator('h1', { hasText: H1[route] }).waitFor();
      // The page's effect sets its title and description together: wait for the title to change (each is its own).
      await page.waitForFunction((prev) => document.title !== prev, previous);
      const title = (previous = await page.title());
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(title).toContain('Hillside Learning Center');
      expect(description!.length).toBeGreaterThan(40);
      seen.set(route, `${title}|${description}`);
    }
    expect(new Set(seen.values()).size).toBe(PUBLIC_ROUTES.length);
  });

  it('scrolls to the top on route change and highlights the active link', async () => {
    const { page } = await open('/', 1280);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.locator('footer').getByRole('link', { name: 'About Us' }).click();
    await page.locator('h1', { hasText: 'About Us' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.locator('nav[aria-label="Main"] a[aria-current="page"]').textContent()).resolves.toBe('About Us');
  });

  it("mobile menu: 'Toggle mobile menu' with aria-expanded; choosing a link closes it; Escape closes it", async () => {
    const { page } = await open('/', 360);
    const toggle = page.getByRole('button', { name: 'Toggle mobile menu' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.locator('nav[aria-label="Main"]').isVisible()).resolves.toBe(false);
    await expect(page.locator('.site-header__bar .header-phone').isVisible()).resolves.toBe(false);
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    const mobile = page.locator('nav[aria-label="Mobile"]');
    await expect(mobile.getByRole('link', { name: 'Programs' }).isVisible()).resolves.toBe(true);
    await mobile.getByRole('link', { name: 'Programs' }).click();
    await page.locator('h1', { hasText: 'Our Programs' }).waitFor();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(mobile.isVisible()).resolves.toBe(false);
    // Keyboard: open with Enter, close with Escape.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('Escape');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    // On desktop the toggle is gone and the phone number shows.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(toggle.isVisible()).resolves.toBe(false);
    await expect(page.locator('.site-header__bar .header-phone').isVisible()).resolves.toBe(true);
  });

  it('keyboard: the skip link comes first, every control gets a visible focus ring', async () => {
    const { page } = await open('/donate', 1280);
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => ({
      text: document.activeElement?.textContent,
      top: document.activeElement!.getBoundingClientRect().top,
    }));
    expect(first.text).toBe('Skip to main content');
    expect(first.top).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
    // Tab through the page: each focused control shows a ring (box-shadow or outline) and is on screen.
    const unringed: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const info = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const cs = getComputedStyle(el);
        return {
          tag: el.tagName,
          label: el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? el.id,
          ring: cs.boxShadow !== 'none' || cs.outlineStyle !== 'none',
        };
      });
      if (info.tag === 'BODY') break;
      if (!info.ring) unringed.push(`${info.tag} ${info.label}`);
    }
    expect(unringed).toEqual([]);
  });

  it('public pages never download the admin chunks or ECharts', async () => {
    const forbidden = adminOnlyFiles();
    expect(forbidden.size).toBeGreaterThan(0);
    for (const route of PUBLIC_ROUTES) {
      const { page, assets } = await open(route);
      const loaded = assets.map((u) => new URL(u).pathname.replace(/^\//, ''));
      expect(loaded.filter((f) => forbidden.has(f))).toEqual([]);
      expect(
        loaded.filter((f) => /echarts|analytics-tab|dashboard-route|donor-profile|reset-password/i.test(f)),
      ).toEqual([]);
      // Nor is ECharts bundled into anything they do load.
      const sources = await Promise.all(
        assets
          .filter((u) => u.startsWith(stack.apiUrl) && u.endsWith('.js'))
          .map((u) => fetch(u).then((r) => r.text())),
      );
      expect(sources.filter((s) => s.includes('echarts') || s.includes('ECharts'))).toHaveLength(0);
      await page.close();
    }
  });

  describe.each(WIDTHS)('at %i px', (width) => {
    it.each(PUBLIC_ROUTES.map((r) => [r]))(
      '%s: screenshot, no horizontal scroll, no console errors, zero axe violations (WCAG 2.1 AA)',
      async (route) => {
        const { page, errors } = await open(route, width);
        await page.evaluate(async () => {
          // Lazy images loaded (or failed) before the picture: each one's own load, not a pause.
          for (const img of Array.from(document.images)) img.loading = 'eager';
          await Promise.all(Array.from(document.images).map((img) => img.decode().catch(() => undefined)));
        });
        await screenshot(page, `${routeName(route)}-${width}`);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        if (width !== 768) {
          expect(await runAxe(page)).toEqual([]);
          if (width === 360 && route === '/') {
            // The open mobile menu too.
            await page.getByRole('button', { name: 'Toggle mobile menu' }).click();
            expect(await runAxe(page)).toEqual([]);
          }
        }
        expect(errors).toEqual([]);
        await page.close();
      },
    );
  });

  it("Contact with MAP_EMBED_URL configured embeds the map in an iframe titled 'Find Us'", async () => {
    const embed =
      'https://www.openstreetmap.org/export/embed.html?bbox=-92.64%2C35.90%2C-92.62%2C35.92&marker=35.9089%2C-92.6318';
    const mapStack = await startStack({ workers: 0, emulator: false, env: { MAP_EMBED_URL: embed } });
    try {
      const page = await browser.newPage();
      await page.goto(`${mapStack.apiUrl}/contact`, { waitUntil: 'domcontentloaded' });
      const frame = page.locator('iframe[title="Find Us"]');
      await frame.waitFor({ state: 'attached' });
      await expect(frame.getAttribute('src')).resolves.toBe(embed);
      await expect(page.locator('figure.map img').count()).resolves.toBe(0);
      // The CSP lets exactly that origin be framed.
      const csp = (await fetch(`${mapStack.apiUrl}/contact`)).headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/frame-src[^;]*https:\/\/www\.openstreetmap\.org/);
      await page.close();
    } finally {
      await mapStack.stop();
    }
  });
});
