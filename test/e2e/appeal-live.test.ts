import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { addDays } from '../../core/src/gifts/calendar.js';
import { checkAtWidths } from '../helpers/axe.js';
import { startAppealWorld, type AppealWorld } from '../helpers/appeal-world.js';

jest.setTimeout(240_000);

/**
 * The appeal page follows its progress without a reload, in Chromium against the emulator and a real worker: the
 * page is open, a gift is made afterwards (through the API and the emulator, as the donate form makes it), and
 * the bar shows the new total in the same document. Meanwhile the page's repeated reads are conditional requests
 * the browser makes itself (If-None-Match from the ETag it holds), answered 304. Once staff end the appeal the
 * page says so, still without a reload. Axe at 390 and 1280 px.
 */
const PATH = '/api/appeals/books';

/**
 * The appeal reads as they went over the wire, seen through Chromium's DevTools protocol: a copy the browser
 * revalidated is 304 on the wire but 200 to the page (and to Playwright's own response events). `wait` resolves
 * once a read matching `test` has been answered.
 */
async function wireReads(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const reads = new Map<string, { path?: string; ifNoneMatch?: string; status?: number }>();
  let check = () => {};
  const read = (id: string) => reads.get(id) ?? reads.set(id, {}).get(id)!;
  cdp.on('Network.requestWillBeSent', (e) => {
    read(e.requestId).path = new URL(e.request.url).pathname;
    check();
  });
  cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
    read(e.requestId).ifNoneMatch = e.headers['If-None-Match'] ?? e.headers['if-none-match'];
    check();
  });
  cdp.on('Network.responseReceivedExtraInfo', (e) => {
    read(e.requestId).status = e.statusCode;
    check();
  });
  const appealReads = () => [...reads.values()].filter((r) => r.path === PATH && r.status);
  return {
    wait: (test: (r: { ifNoneMatch?: string; status?: number }) => boolean) =>
      new Promise<{ ifNoneMatch?: string; status?: number }>((resolve) => {
        check = () => {
          const found = appealReads().find(test);
          if (found) resolve(found);
        };
        check();
      }),
  };
}

describe('the appeal page, live', () => {
  let w: AppealWorld;
  let page: Page;

  beforeAll(async () => {
    w = await startAppealWorld(0, (today) => ({
      name: 'Library books',
      slug: 'books',
      storyHtml: '<p>Every class gets a shelf of new books.</p>',
      goalKind: 'dollars',
      goalCents: 100_000,
      startsOn: today,
      endsOn: addDays(today, 6),
    }));
  }, 180_000);
  afterAll(() => w?.stop());

  it('a gift made after the page opened shows in its bar, the page asking with If-None-Match meanwhile', async () => {
    page = await w.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(20_000);
    const wire = await wireReads(page);
    await page.goto(`${w.stack.apiUrl}/give/books`);
    const bar = page.getByRole('progressbar');
    await bar.waitFor();
    await expect(bar.getAttribute('aria-valuetext')).resolves.toBe('$0.00 raised of a $1,000.00 goal (0%)');
    // A mark in this document: still there at the end means no reload happened.
    await page.evaluate(() => Object.assign(window, { openedBeforeTheGift: true }));

    // The page asks again within seconds: a conditional request the browser makes itself, answered 304.
    const unchanged = await wire.wait((r) => r.status === 304);
    expect(unchanged.ifNoneMatch).toMatch(/^W\/"appeal-/);

    const intent = await request(w.stack.apiUrl)
      .post('/api/create-payment-intent')
      .send({
        amount: 2500,
        appeal: 'books',
        donationData: {
          frequency: 'one-time',
          firstName: 'Nia',
          lastName: 'Ford',
          email: 'nia.live@example.org',
          phone: '',
          address: '8 Pine Street',
          city: 'Marshall',
          state: 'AR',
          zipCode: '72650',
        },
      })
      .expect(200);
    await w.stripe.paymentIntents.confirm(intent.body.paymentIntentId, { payment_method: 'pm_card_visa' });

    // Projected within a second or two, shown at the next read (every 3 s): well inside 20 s, while a page that
    // asked every 30 s would not show it in time.
    await page
      .locator('[role="progressbar"][aria-valuetext="$25.00 raised of a $1,000.00 goal (2%)"]')
      .waitFor({ timeout: 20_000 });
    await expect(page.evaluate(() => 'openedBeforeTheGift' in window)).resolves.toBe(true);
    await checkAtWidths(page, 'appeal-live');
  });

  it('when staff end the appeal, the open page says so without a reload', async () => {
    await w.api.post(`/api/admin/appeals/${w.appealId}/end`).expect(200);
    await page.getByText('This appeal has ended').waitFor({ timeout: 30_000 });
    await expect(page.evaluate(() => 'openedBeforeTheGift' in window)).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: 'Make a Donation' }).count()).resolves.toBe(0);
    await page.close();
  });
});
