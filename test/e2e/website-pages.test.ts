import type { Browser, Page } from 'playwright-core';
import { authed, createAdmin, signIn, type TestAdmin } from '../helpers/admin.js';
import { checkAtWidths, expectNoAxeViolations } from '../helpers/axe.js';
import { launchBrowser, screenshot } from '../helpers/browser.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { openPageHistory, restoreEarlierVersion, signInAs } from '../helpers/website-browser.js';

/**
 * Website > Pages as staff use it: an editor signs in (and lands on the Website section), goes through the editor's
 * toolbar by keyboard only, changes the Contact page's hours, previews them at 390 and 1280 px and publishes; a
 * visitor sees the new hours; the owner restores the previous revision and the visitor sees the old hours again.
 * axe reports no violation on any screen touched.
 */
describe('Website > Pages in the browser', () => {
  let stack: Stack;
  let browser: Browser;
  let editor: TestAdmin;
  let owner: TestAdmin;

  beforeAll(async () => {
    stack = await startStack({ emulator: false, workers: 0 });
    editor = await createAdmin(stack, { role: 'editor', name: 'Edie Editor' });
    owner = await createAdmin(stack, { role: 'owner', name: 'Olive Owner' });
    // The school published its Contact page once after installing: that is the revision the owner restores.
    const api = authed(stack, (await signIn(stack, owner)).token);
    const { body } = await api.get('/api/admin/website/pages').expect(200);
    const contact = (body.pages as Array<{ page: string; published: Record<string, string> }>).find(
      (p) => p.page === 'contact',
    )!.published;
    await api.put('/api/admin/website/pages/contact/draft').send({ content: contact }).expect(200);
    await api.post('/api/admin/website/pages/contact/publish').expect(200);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await stack?.stop();
  });

  async function newPage(width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return page;
  }

  it('an editor changes Contact hours, previews at 390 and 1280, publishes; the owner restores; axe 0 throughout', async () => {
    const page = await newPage();
    await signInAs(page, stack.apiUrl, editor);
    // An editor lands on the Website section and sees no money pages in the navigation.
    await page.getByRole('heading', { name: 'Website' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/website');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Website', 'Security']);
    await page.getByRole('textbox', { name: 'Our Mission (more)' }).waitFor();
    await checkAtWidths(page, 'website-pages-home');

    // Keyboard only through the rich-text toolbar: every button is reachable and named, Space presses it.
    await page.getByLabel('Our Mission (first sentence, also in the footer)').focus();
    // A button's name: its aria-label, or the screen-reader word beside its visible symbol.
    const focusedName = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el?.getAttribute('aria-label') ?? el?.querySelector('.sr-only')?.textContent ?? '';
      });
    const names: string[] = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      names.push(await focusedName());
    }
    expect(names).toEqual([
      'Heading',
      'Subheading',
      'Bold',
      'Italic',
      'Bulleted list',
      'Numbered list',
      'Link',
      'Insert photo',
    ]);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('textbox');
    for (let i = 0; i < 6; i++) await page.keyboard.press('Shift+Tab');
    const bold = page.getByRole('button', { name: 'Bold', exact: true }).first();
    expect(await focusedName()).toBe('Bold');
    await page.keyboard.press('Space');
    // The press moves focus into the text; the first toolbar's Bold button shows it is now on.
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('.rte__button')]
          .find((b) => b.querySelector('.sr-only')?.textContent === 'Bold')
          ?.getAttribute('aria-pressed') === 'true',
    );
    expect(await bold.getAttribute('aria-pressed')).toBe('true');

    // Contact: change the hours, save a draft; visitors still see the old hours.
    await page.getByLabel('Page', { exact: true }).selectOption('contact');
    const hours = page.getByLabel('Hours: times');
    await hours.fill('9:00 AM - 2:00 PM');
    await screenshot(page, 'website-pages-editor-1280');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Unpublished draft saved').waitFor();
    await page.getByRole('heading', { name: 'Preview of Contact (the saved draft)' }).waitFor();
    const visitor = await newPage(390);
    await visitor.goto(`${stack.apiUrl}/contact`);
    await visitor.getByRole('cell', { name: '8:00 AM - 3:00 PM' }).waitFor();

    // The preview at a phone's width, then a desktop's: the public page with the draft.
    const frame = page.frameLocator('iframe[title^="Preview of Contact"]');
    await frame.getByRole('cell', { name: '9:00 AM - 2:00 PM' }).waitFor();
    expect(await page.locator('iframe[title^="Preview of Contact"]').getAttribute('width')).toBe('390');
    await expectNoAxeViolations(page, 'the preview at 390');
    await page.getByRole('button', { name: 'Desktop (1280 px)' }).click();
    await page.locator('iframe[title="Preview of Contact at 1280 pixels wide"]').waitFor();
    await page
      .frameLocator('iframe[title="Preview of Contact at 1280 pixels wide"]')
      .getByRole('cell', { name: '9:00 AM - 2:00 PM' })
      .waitFor();
    await page.getByRole('button', { name: 'Phone (390 px)' }).click();
    await page
      .frameLocator('iframe[title="Preview of Contact at 390 pixels wide"]')
      .getByRole('cell', { name: '9:00 AM - 2:00 PM' })
      .waitFor();
    await screenshot(page, 'website-pages-preview-1280');

    // Publish: the visitor's next load shows the new hours at both widths.
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('No unpublished changes').waitFor();
    await visitor.goto(`${stack.apiUrl}/contact`);
    await visitor.getByRole('cell', { name: '9:00 AM - 2:00 PM' }).waitFor();
    await checkAtWidths(visitor, 'website-pages-visitor-contact');

    // The owner restores the previous revision from the history.
    const ownerPage = await newPage();
    await signInAs(ownerPage, stack.apiUrl, owner);
    await ownerPage.getByRole('heading', { name: 'Financial Analytics Dashboard' }).waitFor();
    const history = await openPageHistory(ownerPage, stack.apiUrl, 'contact', 'Contact', 'Edie Editor');
    await history.getByText('Live now').waitFor();
    await checkAtWidths(ownerPage, 'website-pages-history');
    await restoreEarlierVersion(history);
    await screenshot(ownerPage, 'website-pages-history-1280');
    await visitor.goto(`${stack.apiUrl}/contact`);
    await visitor.getByRole('cell', { name: '8:00 AM - 3:00 PM' }).waitFor();
  }, 240_000);

  it("an editor gives News its own title and description (counted as typed, a long one refused in words); visitors' tabs show them", async () => {
    const school = 'Hillside Learning Center';
    const api = authed(stack, (await signIn(stack, editor)).token);
    await api
      .post('/api/admin/website/news')
      .send({
        title: 'Spring picnic',
        date: '2026-04-18',
        bodyHtml: '<p>We ate outside. It was sunny.</p>',
        published: true,
      })
      .expect(201);
    const page = await newPage();
    await signInAs(page, stack.apiUrl, editor);
    await page.getByRole('heading', { name: 'Website' }).waitFor();
    await page.getByLabel('Page', { exact: true }).selectOption('news');
    const title = page.getByLabel('Page title (browser tab and search results)');
    const description = page.getByLabel('Page description (search results and link previews)');
    expect(await title.inputValue()).toBe('News');
    await page.getByText(`The school's name is added after it: “News | ${school}”. 4 of 70 characters.`).waitFor();

    // Too long: the field says so as the editor types, and the server refuses it with the same limit.
    await title.fill('Our news: picnics, trips, new jobs, art shows and everything in between!');
    await page.getByText('Too long: 72 characters. Keep it to 70 or fewer, search engines cut the rest.').waitFor();
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText(/is 72 characters long: keep it to 70 or fewer/).waitFor();
    await checkAtWidths(page, 'website-pages-meta-too-long');

    await title.fill('School news and stories');
    await description.fill('Picnics, trips and new jobs: the latest from our school.');
    await page.getByText('56 of 160 characters.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Unpublished draft saved').waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('No unpublished changes').waitFor();
    await checkAtWidths(page, 'website-pages-meta');

    // A visitor moves from Home to the post and to News without a page load: the tab and the tags follow.
    const visitor = await newPage(390);
    await visitor.goto(`${stack.apiUrl}/`);
    const headOf = () =>
      visitor.evaluate(() => ({
        title: document.title,
        description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
        ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
      }));
    await visitor.getByRole('link', { name: 'Spring picnic' }).click();
    await visitor.waitForFunction((t) => document.title === t, `Spring picnic | ${school}`);
    expect(await headOf()).toEqual({
      title: `Spring picnic | ${school}`,
      description: 'We ate outside.',
      ogTitle: `Spring picnic | ${school}`,
    });
    await visitor.getByRole('link', { name: 'All news' }).click();
    await visitor.waitForFunction((t) => document.title === t, `School news and stories | ${school}`);
    expect(await headOf()).toEqual({
      title: `School news and stories | ${school}`,
      description: 'Picnics, trips and new jobs: the latest from our school.',
      ogTitle: `School news and stories | ${school}`,
    });
    // A direct visit has them before any script runs (checked without JavaScript).
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(`${stack.apiUrl}/news`);
    expect(await plain.title()).toBe(`School news and stories | ${school}`);
    await noScript.close();
  }, 180_000);
});
