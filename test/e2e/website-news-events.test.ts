import { readFileSync } from 'node:fs';
import { jest } from '@jest/globals';
import ICAL from 'ical.js';
import type { Browser, Page } from 'playwright-core';
import { createAdmin, type TestAdmin } from '../helpers/admin.js';
import { collectConsoleErrors, launchBrowser, screenshot } from '../helpers/browser.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { signInAs } from '../helpers/website-browser.js';

jest.setTimeout(180_000);

const TZ = 'America/Chicago';
const nextYear = new Date().getUTCFullYear() + 1;

/**
 * Issue 29's news and events as staff and visitors use them: an editor signs in, writes a news post and an event
 * (drafts first, then published) with the keyboard and the mouse; a visitor at a phone's width and a desktop's
 * sees the post on News, at its own address and on Home, and the event on Events, and downloads its .ics.
 * The browser runs in another zone (Asia/Tokyo) than the school's, so times shown must be the school's.
 */
describe('news and events: an editor publishes, a visitor reads and adds to the calendar', () => {
  let stack: Stack;
  let browser: Browser;
  let editor: TestAdmin;
  beforeAll(async () => {
    stack = await startStack({ workers: 0, emulator: false, env: { TIME_ZONE: TZ } });
    browser = await launchBrowser();
    editor = await createAdmin(stack, { role: 'editor', name: 'Casey Editor' });
  });
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await stack?.stop();
  });

  async function newPage(width: number): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      acceptDownloads: true,
      timezoneId: 'Asia/Tokyo',
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  const signInEditor = (page: Page) => signInAs(page, stack.apiUrl, editor, '/admin/website/news');

  it('a fresh install’s Home shows no news box', async () => {
    const page = await newPage(1280);
    await page.goto(`${stack.apiUrl}/`, { waitUntil: 'networkidle' });
    await page.locator('h1').first().waitFor();
    await expect(page.getByRole('heading', { name: 'Latest News' }).count()).resolves.toBe(0);
    await page.goto(`${stack.apiUrl}/news`, { waitUntil: 'networkidle' });
    await page.getByText('There is no news yet.').waitFor();
    await expectNoAxeViolations(page, '/news (empty)');
    await page.goto(`${stack.apiUrl}/events`, { waitUntil: 'networkidle' });
    await page.getByText('There are no upcoming events right now.').waitFor();
    await expectNoAxeViolations(page, '/events (empty)');
    await page.context().close();
  });

  it('an editor writes a news post: title refused empty, saved as a draft, then published', async () => {
    const page = await newPage(1280);
    const errors = collectConsoleErrors(page);
    await signInEditor(page);
    await page.getByRole('heading', { name: 'News posts' }).waitFor();
    await expectNoAxeViolations(page, 'news editor (list)');
    await page.getByRole('button', { name: 'Write a post' }).click();
    await page.getByRole('heading', { name: 'Write a post' }).waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Give the post a title').waitFor();
    await expect(page.getByLabel('Title').evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.getByLabel('Title').fill('Spring picnic at the lake');
    await page.getByLabel('Date').fill(`${nextYear - 1}-04-18`);
    const body = page.locator('#news-body');
    await body.click();
    await page.keyboard.type('Students and staff spent the day at the lake. Thank you to every volunteer!');
    await expectNoAxeViolations(page, 'news editor (form)');
    await screenshot(page, 'website-news-editor');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('heading', { name: 'News posts' }).waitFor();
    const row = page.getByRole('row', { name: /Spring picnic at the lake/ });
    await row.getByText('Draft').waitFor();
    const [draft] = await stack.db.query<{ published: boolean }>(`SELECT published FROM news_posts`);
    expect(draft.published).toBe(false);

    await row.getByRole('button', { name: /Edit/ }).click();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('heading', { name: 'News posts' }).waitFor();
    await page
      .getByRole('row', { name: /Spring picnic at the lake/ })
      .getByText('Published')
      .waitFor();
    await screenshot(page, 'website-news-list');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('an editor adds an event with the keyboard only (times on the school’s clock)', async () => {
    const page = await newPage(1280);
    await signInEditor(page);
    await page.getByRole('heading', { name: 'News posts' }).waitFor();
    await page.goto(`${stack.apiUrl}/admin/website/events`);
    await page.getByRole('heading', { name: 'All events' }).waitFor();
    await expectNoAxeViolations(page, 'events editor (list)');
    // Keyboard only: Tab to "Add an event", Enter, then type into each field in order.
    const add = page.getByRole('button', { name: 'Add an event' });
    for (let i = 0; i < 60 && !(await add.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Add an event' }).waitFor();
    await page.getByLabel('Title').focus();
    await page.keyboard.type('Open house');
    await page.getByLabel('Starts on').fill(`${nextYear}-12-05`);
    await page.getByLabel('Ends on').fill(`${nextYear}-12-05`);
    await page.getByLabel('Starts at').fill('18:00');
    await page.getByLabel('Ends at').fill('20:00');
    await page.getByLabel('Place').focus();
    await page.keyboard.type('School hall, 120 Main St');
    await page.locator('#event-description').focus();
    await page.keyboard.type('Meet the staff and see the classrooms.');
    await expectNoAxeViolations(page, 'events editor (form)');
    await screenshot(page, 'website-events-editor');
    const publish = page.getByRole('button', { name: 'Publish' });
    for (let i = 0; i < 40 && !(await publish.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'All events' }).waitFor();
    await page
      .getByRole('row', { name: /Open house/ })
      .getByText('Published')
      .waitFor();
    const [row] = await stack.db.query<{ starts_at: Date }>(`SELECT starts_at FROM site_events`);
    expect(row.starts_at.toISOString()).toBe(`${nextYear}-12-06T00:00:00.000Z`);
    await page.context().close();
  });

  it.each([390, 1280])(
    'a visitor at %i px sees the post on News, at its address and on Home, and the event',
    async (width) => {
      const page = await newPage(width);
      const errors = collectConsoleErrors(page);
      await page.goto(`${stack.apiUrl}/`, { waitUntil: 'networkidle' });
      const latest = page.getByRole('region', { name: 'Latest News' });
      await latest.getByRole('link', { name: 'Spring picnic at the lake' }).waitFor();
      await page.getByRole('heading', { name: 'Empowering Lives Through Education & Support' }).waitFor();
      await expectNoAxeViolations(page, `Home with news at ${width}`);
      await screenshot(page, `website-home-news-${width}`);

      await latest.getByRole('link', { name: 'All news' }).click();
      await page.getByRole('heading', { name: 'News', level: 1 }).waitFor();
      await expect(page.title()).resolves.toMatch(/^News \| /);
      await expectNoAxeViolations(page, `/news at ${width}`);
      await screenshot(page, `website-news-${width}`);

      await page.getByRole('link', { name: 'Spring picnic at the lake' }).click();
      await page.getByRole('heading', { name: 'Spring picnic at the lake', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/news/spring-picnic-at-the-lake');
      await expect(page.title()).resolves.toMatch(/^Spring picnic at the lake \| /);
      await expect(page.locator('meta[name="description"]').getAttribute('content')).resolves.toMatch(
        /^Students and staff spent the day at the lake/,
      );
      await expectNoAxeViolations(page, `news post at ${width}`);
      await screenshot(page, `website-news-post-${width}`);

      await page.goto(`${stack.apiUrl}/events`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Open house' }).waitFor();
      await expect(page.title()).resolves.toMatch(/^Events \| /);
      // The school's clock, not the browser's (Tokyo): 6:00 PM Central on Saturday, December 5.
      await page.getByText(`December 5, ${nextYear}, 6:00 PM to 8:00 PM CST`).waitFor();
      await expectNoAxeViolations(page, `/events at ${width}`);
      await screenshot(page, `website-events-${width}`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: /Add to calendar.*Open house/ }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/open-house\.ics$/);
      const text = readFileSync((await download.path())!, 'utf8');
      const ev = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
      expect(ev.summary).toBe('Open house');
      expect(ev.location).toBe('School hall, 120 Main St');
      expect(ev.startDate.toJSDate().toISOString()).toBe(`${nextYear}-12-06T00:00:00.000Z`);
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );

  it('a visitor reaches the post and the event with the keyboard alone', async () => {
    const page = await newPage(1280);
    await page.goto(`${stack.apiUrl}/`, { waitUntil: 'networkidle' });
    const link = page
      .getByRole('region', { name: 'Latest News' })
      .getByRole('link', { name: 'Spring picnic at the lake' });
    await link.waitFor();
    for (let i = 0; i < 80 && !(await link.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(link.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Spring picnic at the lake', level: 1 }).waitFor();
    await page.goto(`${stack.apiUrl}/events`, { waitUntil: 'networkidle' });
    const cal = page.getByRole('link', { name: /Add to calendar.*Open house/ });
    for (let i = 0; i < 80 && !(await cal.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    await page.context().close();
  });
});
