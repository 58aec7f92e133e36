import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import ICAL from 'ical.js';
import type { Browser, Locator, Page } from 'playwright-core';
import request from 'supertest';
import { authed, createAdmin, signIn, type TestAdmin } from '../helpers/admin.js';
import { concrete, protectedRoutes } from '../helpers/admin-routes.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { collectConsoleErrors, launchBrowser, screenshot } from '../helpers/browser.js';
import { phoneJpeg } from '../helpers/photos.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { openPageHistory, restoreEarlierVersion, signInAs } from '../helpers/website-browser.js';

jest.setTimeout(240_000);

const TZ = 'America/Chicago';
const nextYear = new Date().getUTCFullYear() + 1;
const OLD_HOURS = '8:00 AM - 3:00 PM';
const NEW_HOURS = '9:00 AM - 1:00 PM';
const POST = 'Garden harvest day';
const PHOTO_ALT = 'Students carry baskets of tomatoes from the school garden.';
const EVENT = 'Winter open house';
const EVENT_PHOTO_ALT = 'The school hall decorated with paper stars.';
const ALT_EMPTY = 'Write the alt text first: one sentence saying what the photo shows.';

/** An editor's own routes: their account, and the Website section. Every other admin route is money or people. */
const EDITOR_OWN = /^\/api\/admin\/(me|logout|logout-everywhere|change-password|account|website)(\/|$)/;

/**
 * Issue 29's done-when, as staff and a visitor would go through it, in Chromium over a real stack: an editor signs
 * in, changes the Contact page's hours and publishes, posts a news item with a photo uploaded from a file there and
 * then (alt text refused empty, then given), adds an event with a photo in its description; a visitor at 390 and
 * 1280 px sees all three (the post's photo as a sized <picture> on /news, its page and Home) and downloads the
 * event's .ics; the owner restores the previous Contact revision and the visitor sees the old hours; axe finds
 * nothing on any page or editor screen touched; the editor is refused (403) every route that is not theirs, from
 * the same router scan the auth guard's test uses. The browser runs in Tokyo: times shown must be the school's.
 */
describe('the website, as an editor, a visitor and the owner use it', () => {
  let stack: Stack;
  let browser: Browser;
  let editor: TestAdmin;
  let owner: TestAdmin;
  let editorPage: Page;
  let editorErrors: string[];
  const dir = mkdtempSync(path.join(tmpdir(), 'school-journey-e2e-'));

  beforeAll(async () => {
    stack = await startStack({ workers: 0, emulator: false, env: { TIME_ZONE: TZ } });
    editor = await createAdmin(stack, { role: 'editor', name: 'Edie Editor' });
    owner = await createAdmin(stack, { role: 'owner', name: 'Olive Owner' });
    // The school published its Contact page once after installing: the revision the owner restores.
    const api = authed(stack, (await signIn(stack, owner)).token);
    const { body } = await api.get('/api/admin/website/pages').expect(200);
    const contact = (body.pages as Array<{ page: string; published: Record<string, string> }>).find(
      (p) => p.page === 'contact',
    )!.published;
    await api.put('/api/admin/website/pages/contact/draft').send({ content: contact }).expect(200);
    await api.post('/api/admin/website/pages/contact/publish').expect(200);
    writeFileSync(path.join(dir, 'garden.jpg'), await phoneJpeg({ colour: '#4a7a2c' }));
    writeFileSync(path.join(dir, 'hall.jpg'), await phoneJpeg({ colour: '#7a3c2c', width: 900, height: 600 }));
    browser = await launchBrowser();
    editorPage = await newPage(1280);
    editorErrors = collectConsoleErrors(editorPage);
  }, 90_000);
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await stack?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function newPage(width: number): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      acceptDownloads: true,
      timezoneId: 'Asia/Tokyo',
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    return page;
  }

  /** Signs in through the form, checking the sign-in screen with axe first. */
  async function signInChecked(page: Page, admin: TestAdmin) {
    await page.goto(`${stack.apiUrl}/stripe-data`);
    await page.getByLabel('Email').waitFor();
    await expectNoAxeViolations(page, 'the sign-in screen');
    await signInAs(page, stack.apiUrl, admin);
  }

  /** Upload `file` in the open picker, refuse it without alt text, then give it `alt` and use it. */
  async function uploadInPicker(page: Page, file: string, alt: string, shot?: string) {
    const dialog = page.getByRole('dialog', { name: /Choose a photo|Insert a photo/ });
    await dialog.waitFor();
    await dialog.getByLabel('Upload a photo from a file').setInputFiles(path.join(dir, file));
    const altField = dialog.getByLabel('Alt text for this photo');
    await altField.waitFor();
    await dialog.getByRole('button', { name: 'Use this photo' }).click();
    await dialog.getByText(ALT_EMPTY).waitFor();
    await expect(altField.getAttribute('aria-invalid')).resolves.toBe('true');
    await expectNoAxeViolations(page, 'the photo picker (alt text refused)');
    if (shot) await screenshot(page, shot);
    await altField.fill(alt);
    await dialog.getByRole('button', { name: 'Use this photo' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** The post's photo in `scope`: a <picture> with AVIF and WebP sources, sized, with the photo's alt text. */
  async function expectPostPicture(scope: Locator, loading: 'lazy' | 'eager') {
    const img = scope.getByRole('img', { name: PHOTO_ALT });
    await img.scrollIntoViewIfNeeded();
    await img.evaluate((el: HTMLImageElement) =>
      el.complete && el.naturalWidth > 0 ? null : new Promise((r) => el.addEventListener('load', r, { once: true })),
    );
    const seen = await img.evaluate((el: HTMLImageElement) => ({
      inPicture: el.parentElement?.tagName,
      sources: [...(el.parentElement?.querySelectorAll('source') ?? [])].map((s) => s.type),
      width: el.getAttribute('width'),
      height: el.getAttribute('height'),
      loading: el.getAttribute('loading'),
      jpegSrcset: /\/media\/\w+-\d+\.jpg \d+w/.test(el.getAttribute('srcset') ?? ''),
      loaded: el.naturalWidth > 0,
    }));
    expect(seen).toEqual({
      inPicture: 'PICTURE',
      sources: ['image/avif', 'image/webp'],
      width: expect.stringMatching(/^\d+$/),
      height: expect.stringMatching(/^\d+$/),
      loading,
      jpegSrcset: true,
      loaded: true,
    });
  }

  it('an editor signs in, changes the Contact page’s hours and publishes them', async () => {
    const page = editorPage;
    await signInChecked(page, editor);
    await page.waitForURL(/\/admin\/website$/);
    await page.getByLabel('Page', { exact: true }).selectOption('contact');
    const hours = page.getByLabel('Hours: times');
    await expect(hours.inputValue()).resolves.toBe(OLD_HOURS);
    await hours.fill(NEW_HOURS);
    await expectNoAxeViolations(page, 'Website > Pages (Contact)');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Unpublished draft saved').waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('No unpublished changes').waitFor();
    await expectNoAxeViolations(page, 'Website > Pages (Contact, published)');
  });

  it('the editor posts a news item with a photo from a file: alt text refused empty, then given', async () => {
    const page = editorPage;
    await page.getByRole('navigation', { name: 'Website' }).getByRole('link', { name: 'News' }).click();
    await page.getByRole('heading', { name: 'News posts' }).waitFor();
    await page.getByRole('button', { name: 'Write a post' }).click();
    await page.getByRole('heading', { name: 'Write a post' }).waitFor();
    await page.getByLabel('Title').fill(POST);
    await page.getByLabel('Date').fill(`${nextYear - 1}-09-18`);
    await page.locator('#news-body').click();
    await page.keyboard.type('Every class picked tomatoes, beans and squash. Thank you to the garden volunteers!');
    await page.getByText('No photo.').waitFor();

    await page.getByRole('button', { name: 'Choose a photo' }).click();
    await page.getByRole('dialog', { name: 'Choose a photo' }).waitFor();
    await page.setViewportSize({ width: 390, height: 900 });
    await expectNoAxeViolations(page, 'the photo picker at 390');
    await screenshot(page, 'website-photo-picker-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await uploadInPicker(page, 'garden.jpg', PHOTO_ALT, 'website-news-photo-picker-1280');

    // The form shows the chosen photo's thumbnail and alt text, with Change and Remove.
    const field = page.getByRole('group', { name: 'Photo' });
    await field.getByText(PHOTO_ALT).waitFor();
    await field.getByRole('button', { name: 'Change photo' }).waitFor();
    await field.getByRole('button', { name: 'Remove photo' }).waitFor();
    expect(await field.locator('img').getAttribute('src')).toMatch(/^\/media\/\w+-\d+\.jpg$/);
    await expectNoAxeViolations(page, 'the news post form with its photo');
    await screenshot(page, 'website-news-photo-field-1280');
    await page.setViewportSize({ width: 390, height: 900 });
    await expectNoAxeViolations(page, 'the news post form with its photo at 390');
    await screenshot(page, 'website-news-photo-field-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('heading', { name: 'News posts' }).waitFor();
    await page
      .getByRole('row', { name: new RegExp(POST) })
      .getByText('Published')
      .waitFor();
    const [post] = await stack.db.query<{ alt: string; published: boolean }>(
      `SELECT ph.alt, p.published FROM news_posts p JOIN photos ph ON ph.id = p.photo_id`,
    );
    expect(post).toEqual({ alt: PHOTO_ALT, published: true });
  });

  it('the editor adds an event, with a photo inserted into its description', async () => {
    const page = editorPage;
    await page.getByRole('navigation', { name: 'Website' }).getByRole('link', { name: 'Events' }).click();
    await page.getByRole('heading', { name: 'All events' }).waitFor();
    await expectNoAxeViolations(page, 'Website > Events');
    await page.getByRole('button', { name: 'Add an event' }).click();
    await page.getByRole('heading', { name: 'Add an event' }).waitFor();
    await page.getByLabel('Title').fill(EVENT);
    await page.getByLabel('Starts on').fill(`${nextYear}-12-05`);
    await page.getByLabel('Ends on').fill(`${nextYear}-12-05`);
    await page.getByLabel('Starts at').fill('18:00');
    await page.getByLabel('Ends at').fill('20:00');
    await page.getByLabel('Place').fill('School hall, 120 Main St');
    await page.locator('#event-description').click();
    await page.keyboard.type('Meet the teachers and see the classrooms.');
    await page.getByRole('button', { name: 'Insert photo' }).click();
    await uploadInPicker(page, 'hall.jpg', EVENT_PHOTO_ALT);
    await page.locator('#event-description').getByRole('img', { name: EVENT_PHOTO_ALT }).waitFor();
    await expectNoAxeViolations(page, 'the event form with a photo in its description');
    await screenshot(page, 'website-events-insert-photo-1280');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('heading', { name: 'All events' }).waitFor();
    await page
      .getByRole('row', { name: new RegExp(EVENT) })
      .getByText('Published')
      .waitFor();
    expect(editorErrors).toEqual([]);
  });

  it.each([390, 1280])('a visitor at %i px sees the hours, the post with its photo and the event', async (width) => {
    const page = await newPage(width);
    const errors = collectConsoleErrors(page);
    await page.goto(`${stack.apiUrl}/contact`);
    await page.getByRole('cell', { name: NEW_HOURS }).waitFor();
    await expectNoAxeViolations(page, `/contact at ${width}`);

    await page.goto(`${stack.apiUrl}/`);
    const latest = page.getByRole('region', { name: 'Latest News' });
    await latest.getByRole('link', { name: POST }).waitFor();
    // Home's latest three are below the fold: their photos load lazily.
    await expectPostPicture(latest, 'lazy');
    await expectNoAxeViolations(page, `Home at ${width}`);
    await screenshot(page, `website-journey-home-${width}`);

    await page.goto(`${stack.apiUrl}/news`);
    await page.getByRole('heading', { name: 'News', level: 1 }).waitFor();
    await expectPostPicture(page.getByRole('listitem').filter({ hasText: POST }), 'eager');
    await expectNoAxeViolations(page, `/news at ${width}`);
    await screenshot(page, `website-journey-news-${width}`);

    await page.getByRole('link', { name: POST }).click();
    await page.getByRole('heading', { name: POST, level: 1 }).waitFor();
    await expectPostPicture(page.getByRole('article'), 'eager');
    await expectNoAxeViolations(page, `the post's page at ${width}`);
    await screenshot(page, `website-journey-post-${width}`);

    await page.goto(`${stack.apiUrl}/events`);
    await page.getByRole('heading', { name: EVENT }).waitFor();
    await page.getByText(`December 5, ${nextYear}, 6:00 PM to 8:00 PM CST`).waitFor();
    await page.getByRole('img', { name: EVENT_PHOTO_ALT }).waitFor();
    await expectNoAxeViolations(page, `/events at ${width}`);
    await screenshot(page, `website-journey-events-${width}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: new RegExp(`Add to calendar.*${EVENT}`) }).click(),
    ]);
    const text = readFileSync((await download.path())!, 'utf8');
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
    const ev = new ICAL.Event(vevent);
    expect(ev.summary).toBe(EVENT);
    // DTSTART is the instant of 6:00 PM on the school's clock, whatever the visitor's zone (Tokyo here).
    const start = ev.startDate.toJSDate();
    const onSchoolClock = new Intl.DateTimeFormat('en-US', {
      timeZone: TZ,
      dateStyle: 'long',
      timeStyle: 'short',
    }).format(start);
    expect(onSchoolClock).toBe(`December 5, ${nextYear} at 6:00 PM`);
    const [{ id }] = await stack.db.query<{ id: string }>(`SELECT id FROM site_events WHERE title = $1`, [EVENT]);
    expect(ev.uid).toContain(id);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the owner restores the previous Contact revision, and the visitor sees the old hours again', async () => {
    const page = await newPage(1280);
    await signInChecked(page, owner);
    await page.getByRole('heading', { name: 'Financial Analytics Dashboard' }).waitFor();
    const history = await openPageHistory(page, stack.apiUrl, 'contact', 'Contact', 'Edie Editor');
    await expectNoAxeViolations(page, 'the Contact page’s history');
    await restoreEarlierVersion(history);
    await expectNoAxeViolations(page, 'the Contact page’s history (restored)');
    await page.context().close();
    for (const width of [390, 1280]) {
      const visitor = await newPage(width);
      await visitor.goto(`${stack.apiUrl}/contact`);
      await visitor.getByRole('cell', { name: OLD_HOURS }).waitFor();
      await expect(visitor.getByRole('cell', { name: NEW_HOURS }).count()).resolves.toBe(0);
      await expectNoAxeViolations(visitor, `/contact restored at ${width}`);
      await visitor.context().close();
    }
  });

  it('the editor is refused (403) every route outside their account and the Website section', async () => {
    const { token } = await signIn(stack, editor);
    const refused = protectedRoutes(stack).filter((r) => !EDITOR_OWN.test(r.path));
    const names = refused.map((r) => `${r.method} ${r.path}`);
    // The scan found the money routes (it cannot pass by finding none).
    expect(names).toEqual(
      expect.arrayContaining(['GET /api/stripe/analytics', 'GET /api/stripe/transactions', 'GET /api/admin/payouts']),
    );
    const wrong: string[] = [];
    for (const r of refused) {
      const agent = request(stack.apiUrl) as unknown as Record<string, (url: string) => request.Test>;
      const req = agent[r.method.toLowerCase()](concrete(r.path)).set('Authorization', `Bearer ${token}`);
      const res = await (r.method === 'GET' || r.method === 'DELETE' ? req : req.send({}));
      if (res.status !== 403 || res.body.message !== 'Your role (editor) does not allow this. Ask an owner.')
        wrong.push(`${r.method} ${r.path} -> ${res.status}`);
    }
    expect(wrong).toEqual([]);
    // The session is still the editor's: being refused did not sign them out.
    await authed(stack, token).get('/api/admin/me').expect(200);
  });
});
