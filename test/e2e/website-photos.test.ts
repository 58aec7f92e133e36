import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { createAdmin, type TestAdmin } from '../helpers/admin.js';
import { checkAtWidths } from '../helpers/axe.js';
import { collectConsoleErrors, launchBrowser } from '../helpers/browser.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { signInAs } from '../helpers/website-browser.js';

/** One of the site's own gallery pictures as a phone would send it: a JPEG with GPS and camera EXIF. */
async function phonePhoto(dir: string, slug: string): Promise<string> {
  const file = path.join(dir, `${slug}.jpg`);
  const jpeg = await sharp(path.resolve(`web/public/images/gallery/${slug}-640.webp`))
    .resize({ width: 1400 })
    .jpeg({ quality: 85 })
    .withExifMerge({
      IFD0: { Make: 'TestPhone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 26/1 4632/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '79/1 58/1 0/1',
      },
    })
    .toBuffer();
  writeFileSync(file, jpeg);
  return file;
}

/**
 * The Photos screen as staff use it, and the Gallery as visitors see it, in Chromium over a real stack: upload
 * from a file, alt text refused empty then given, publish, reorder with the keyboard only, and the photos in the
 * Gallery as <picture> with AVIF/WebP/JPEG, sized and lazy, at 390 and 1280 px, axe 0 throughout.
 */
describe('Website > Photos in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: TestAdmin;
  let page: Page;
  const dir = mkdtempSync(path.join(tmpdir(), 'school-photos-e2e-'));
  const ALT_GARDEN = 'Two adults hold baskets of vegetables between raised beds of tomatoes.';
  const ALT_ART = 'Colorful paintings of suns and hills hang above an <b>art</b> table.';

  beforeAll(async () => {
    stack = await startStack({ emulator: false, workers: 0 });
    admin = await createAdmin(stack, { name: 'Edie Editor', role: 'editor' });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.setDefaultTimeout(20_000);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an editor uploads a photo from a file, is refused publishing without alt text, then publishes it', async () => {
    const errors = collectConsoleErrors(page);
    await signInAs(page, stack.apiUrl, admin);
    // An editor lands on the Website section, and reaches Photos from its navigation.
    await page.waitForURL(/\/admin\/website$/);
    await page.getByRole('navigation', { name: 'Website' }).getByRole('link', { name: 'Photos' }).click();
    await page.waitForURL(/\/admin\/website\/photos$/);
    await page.getByRole('heading', { name: 'Photos', exact: true }).waitFor();
    await page.getByText('No photos yet.').waitFor();

    await page.getByLabel('Choose photos').setInputFiles(await phonePhoto(dir, 'garden-harvest'));
    const card = page.locator('.photo-card').first();
    await card.getByRole('button', { name: 'Publish' }).waitFor();
    await card.getByRole('button', { name: 'Publish' }).click();
    await card.getByText('Write the alt text first').waitFor();
    expect(await card.getByRole('textbox', { name: 'Alt text', exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );

    await card.getByRole('textbox', { name: 'Alt text', exact: true }).fill(ALT_GARDEN);
    await card
      .getByRole('textbox', { name: 'Caption (optional, shown under the photo)' })
      .fill('Harvest time in our garden.');
    await card.getByRole('button', { name: 'Publish' }).click();
    await card.getByText('Published', { exact: true }).waitFor();

    await page.getByLabel('Choose photos').setInputFiles(await phonePhoto(dir, 'art-class'));
    const second = page.locator('.photo-card').nth(1);
    await second.getByRole('textbox', { name: 'Alt text', exact: true }).waitFor();
    await second.getByRole('textbox', { name: 'Alt text', exact: true }).fill(ALT_ART);
    await second
      .getByRole('textbox', { name: 'Caption (optional, shown under the photo)' })
      .fill('<i>Thursday</i> art class');
    await second.getByRole('button', { name: 'Publish' }).click();
    await second.getByText('Published', { exact: true }).waitFor();

    await checkAtWidths(page, 'website-photos');
    expect(errors).toEqual([]);
  }, 90_000);

  it('reorders with the keyboard only, announcing the move and keeping focus on the photo', async () => {
    const order = () =>
      page.locator('.photo-card textarea').evaluateAll((els) => els.map((e) => (e as HTMLTextAreaElement).value));
    expect(await order()).toEqual([ALT_GARDEN, ALT_ART]);
    await page.getByRole('button', { name: `Move earlier: ${ALT_ART}` }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: `Moved “${ALT_ART}” to position 1 of 2.` })
      .waitFor();
    expect(await order()).toEqual([ALT_ART, ALT_GARDEN]);
    // Focus stays with the moved photo: Tab goes on to its next button, Enter moves it back.
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label')?.startsWith('Move '));
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(focused).toMatch(new RegExp(`^Move (earlier|later): `));
    expect(focused).toContain(ALT_ART);
    await page.getByRole('button', { name: `Move later: ${ALT_ART}` }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: `Moved “${ALT_ART}” to position 2 of 2.` })
      .waitFor();
    await page.getByRole('button', { name: `Move later: ${ALT_GARDEN}` }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: `Moved “${ALT_GARDEN}” to position 2 of 2.` })
      .waitFor();
    expect(await order()).toEqual([ALT_ART, ALT_GARDEN]);
  }, 60_000);

  it('a visitor sees the photos in the Gallery, in order, as sized lazy <picture>s, HTML in text shown as text', async () => {
    const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const errors = collectConsoleErrors(visitor);
    await visitor.goto(`${stack.apiUrl}/gallery`);
    await visitor.getByRole('heading', { name: 'Photo Gallery' }).waitFor();
    const imgs = visitor.locator('.gallery-grid img');
    await imgs.first().waitFor();
    expect(await imgs.count()).toBe(2);
    expect(await imgs.evaluateAll((els) => els.map((e) => e.getAttribute('alt')))).toEqual([ALT_ART, ALT_GARDEN]);
    // The caption's markup is text on the page, not an element.
    await visitor.getByText('<i>Thursday</i> art class').waitFor();
    expect(await visitor.locator('.gallery-grid i, .gallery-grid b').count()).toBe(0);
    const picture = await visitor
      .locator('.gallery-grid picture')
      .first()
      .evaluate((p) => ({
        types: [...p.querySelectorAll('source')].map((s) => s.getAttribute('type')),
        width: p.querySelector('img')!.getAttribute('width'),
        height: p.querySelector('img')!.getAttribute('height'),
        src: p.querySelector('img')!.getAttribute('src'),
        loaded: (p.querySelector('img') as HTMLImageElement).currentSrc,
      }));
    expect(picture.types).toEqual(['image/avif', 'image/webp']);
    expect(Number(picture.width)).toBe(960);
    expect(Number(picture.height)).toBeGreaterThan(0);
    expect(picture.src).toMatch(/^\/media\/[0-9a-f]{16}-960\.jpg$/);
    await visitor.waitForFunction(() => (document.querySelector('.gallery-grid img') as HTMLImageElement)?.complete);
    expect(picture.loaded).toMatch(/\/media\/[0-9a-f]{16}-\d+\.avif$/);
    await checkAtWidths(visitor, 'gallery-photos');
    expect(errors).toEqual([]);
  }, 60_000);
});
