import { jest } from '@jest/globals';
import { formatUsd } from '../../core/src/gifts/money.js';
import { addDays, todayIn } from '../../core/src/gifts/calendar.js';
import { checkAtWidths } from '../helpers/axe.js';
import { startAppealWorld, type AppealWorld } from '../helpers/appeal-world.js';
import { fillCard, fillDonor } from '../helpers/donate-page.js';
import { waitForMails } from '../helpers/donor-mail.js';
import { waitUntil } from '../helpers/faults.js';
import { fetchPdf } from '../helpers/pdf.js';
import { createAdmin } from '../helpers/admin.js';

jest.setTimeout(300_000);

/**
 * Issue 30's done-when, in Chromium against the emulator, real workers and a real SMTP receiver: staff create a
 * $5,000 appeal ending in 10 days; donors give through its page (monthly, with "show my name"; by bank account)
 * and its ?appeal= link on /donate (covering the fees); a bookkeeper records a check against it in the Add Manual
 * Donation form, picking the appeal (archived ones are not offered). The page's bar, the Appeals report, the
 * ledger's appeal filter and the board PDF all show the total recomputed here from the emulator's charges (through
 * the SDK) and the check. The thank-you paragraph reaches the thank-you screen and the acknowledgment above the IRS
 * text. An ended appeal refuses gifts and points to /donate. Axe at 390 and 1280.
 */
const DAY = 86400;
const THANKS = 'Because of you, our adults will ride to work in a new van this spring.';
const donors = {
  monthly: {
    firstName: 'Maria',
    lastName: 'Lopez',
    address: '77 Ridge Lane',
    city: 'Marshall',
    state: 'AR',
    zipCode: '72650',
  },
  fees: { firstName: 'Tom', lastName: 'Reed', address: '9 Oak St', city: 'Leslie', state: 'AR', zipCode: '72645' },
  bank: {
    firstName: 'Ada',
    lastName: 'Banks',
    address: '4 Ferry Lane',
    city: 'Marshall',
    state: 'AR',
    zipCode: '72650',
  },
};
const EMAIL = { monthly: 'maria.appeal@example.org', fees: 'tom.appeal@example.org', bank: 'ada.appeal@example.org' };

describe('an appeal from its page to the board PDF', () => {
  // The shared world's parts (stack, stripe, browser, api, admin, smtp, the appeal), read through `w` once beforeAll ran.
  let w: AppealWorld;
  let appealId: string;

  beforeAll(async () => {
    // The bank gift settles 4 days after it is made: the emulator's clock starts 10 days back.
    w = await startAppealWorld(10, (today) => ({
      name: 'A new van',
      slug: 'van',
      storyHtml: '<p>Our old van has carried adults to work for <strong>19 years</strong>.</p>',
      goalKind: 'dollars',
      goalCents: 500000,
      // Open since before the emulator's (moved-back) clock, and for 10 more days counting today.
      startsOn: addDays(today, -12),
      endsOn: addDays(today, 9),
      matchText: 'Every gift doubled up to $1,000 by the Smith Family Foundation.',
      matchCapCents: 100000,
      thankYouText: THANKS,
      showRecentGifts: true,
    }));
    appealId = w.appealId;
  }, 180_000);
  afterAll(() => w?.stop());

  const openPage = (path: string, width = 1280) => w.openPage(path, width);

  /** What the emulator charged for the appeal (read back through the SDK), plus the check: the expected total. */
  async function expectedRaised(): Promise<{ cents: number; gifts: number }> {
    // A plan's first gift is charged through its invoice: its appeal is on the subscription (one plan per donor here).
    const subs = await w.stripe.subscriptions.list({ status: 'all', limit: 100 });
    const planDonors = new Set(
      subs.data.filter((s) => s.metadata?.appeal_id === appealId).map((s) => s.customer as string),
    );
    const charges = await w.stripe.charges.list({ limit: 100 });
    let cents = 0;
    let gifts = 0;
    for (const c of charges.data) {
      if (c.status !== 'succeeded') continue;
      const pi = typeof c.payment_intent === 'string' ? await w.stripe.paymentIntents.retrieve(c.payment_intent) : null;
      const direct = c.metadata?.appeal_id ?? pi?.metadata?.appeal_id;
      if (direct !== appealId && !(direct === undefined && planDonors.has(c.customer as string))) continue;
      cents += c.amount - c.amount_refunded;
      gifts += 1;
    }
    const checks = await w.stack.db.query(`SELECT amount FROM manual_donations WHERE appeal_id = $1`, [appealId]);
    for (const m of checks) {
      cents += Number(m.amount);
      gifts += 1;
    }
    return { cents, gifts };
  }

  it('donors give through the page (monthly, shown by name) and the ?appeal= link (covering the fees)', async () => {
    const page = await openPage('/give/van');
    await page.getByRole('heading', { name: 'A new van', level: 1 }).waitFor();
    await page.getByRole('progressbar').waitFor();
    await page.getByText('Every gift doubled up to $1,000 by the Smith Family Foundation.').waitFor();
    await expect(page.getByText(/\d+ days left/).innerText()).resolves.toBe('10 days left');
    await checkAtWidths(page, 'appeal-page');

    await page.getByLabel('Donation Amount').fill('50');
    await page.getByLabel('Frequency').selectOption('monthly');
    await fillDonor(page, donors.monthly, EMAIL.monthly);
    const show = page.getByRole('checkbox', { name: /Show my name with my gift/ });
    await expect(show.isChecked()).resolves.toBe(false);
    await show.check();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay \$50\.00/ }).click();
    const thanks = page.locator('.thank-you');
    await thanks.waitFor({ timeout: 30_000 });
    await expect(thanks.innerText()).resolves.toContain(THANKS);
    // The named gift appears in the recent gifts once projected: first name and city, never the amount (the page
    // asks for its figures every few seconds, no reload needed).
    await page.getByRole('heading', { name: 'Recent gifts' }).waitFor({ timeout: 60_000 });
    await expect(page.locator('.appeal-recent li').allInnerTexts()).resolves.toEqual(['Maria from Marshall']);
    await page.close();

    const link = await openPage('/donate?appeal=van&utm_source=newsletter&utm_campaign=fall');
    await link.getByRole('heading', { name: 'Make a Donation' }).waitFor();
    await link.getByLabel('Donation Amount').fill('250');
    await fillDonor(link, donors.fees, EMAIL.fees);
    await expect(link.getByRole('checkbox', { name: /Show my name/ }).isChecked()).resolves.toBe(false);
    await link.getByRole('checkbox', { name: /^Add \$[\d.,]+ so all of my \$250 goes to the school/ }).check();
    await link.getByRole('button', { name: 'Continue to Payment' }).click();
    await fillCard(link, '4242 4242 4242 4242');
    await link.getByRole('button', { name: /^Pay \$2\d\d\.\d\d/ }).click();
    await link.locator('.thank-you').waitFor({ timeout: 30_000 });
    await link.close();

    // The acknowledgment carries the appeal's paragraph above the receipt and the IRS sentence, which stay.
    const [ack] = await waitForMails(w.smtp, EMAIL.fees, 1, 60_000);
    const at = (s: string) => ack.text!.indexOf(s);
    expect(at(THANKS)).toBeGreaterThan(at('Dear Tom Reed,'));
    expect(at(THANKS)).toBeLessThan(at('Receipt number:'));
    expect(at(THANKS)).toBeLessThan(at('No goods or services'));
    expect(ack.html).toContain(THANKS);
    const pi = (await w.stripe.paymentIntents.list({ limit: 10 })).data.find(
      (p) => p.receipt_email === EMAIL.fees || p.metadata?.utm_source,
    );
    expect(pi?.metadata).toMatchObject({ appeal_id: appealId, utm_source: 'newsletter', utm_campaign: 'fall' });
  });

  it('a bank gift through the page counts once the money arrives; a bookkeeper records a check against the appeal', async () => {
    const page = await openPage('/give/van', 390);
    await page.getByLabel('Donation Amount').fill('1000');
    await fillDonor(page, donors.bank, EMAIL.bank);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('radio', { name: 'US bank account' }).check();
    await page.getByLabel('Routing number').fill('110000000');
    await page.getByLabel('Account number').fill('000123456789');
    await page.getByRole('button', { name: 'Pay $1,000.00' }).click();
    await page.locator('.thank-you').waitFor({ timeout: 30_000 });
    await page.close();
    await w.stack.emulator!.advanceClock(4 * DAY + 60);
    await waitUntil(
      async () =>
        (await w.stack.db.query(`SELECT status FROM charges WHERE billing_email = $1`, [EMAIL.bank]))[0]?.status ===
        'succeeded',
      { timeoutMs: 30_000 },
    );

    // An archived appeal is not offered for a gift.
    const old = (
      await w.api
        .post('/api/admin/appeals')
        .send({
          name: 'Last spring roof',
          slug: 'roof',
          goalKind: 'dollars',
          goalCents: 100000,
          startsOn: addDays(todayIn(w.stack.env.TIME_ZONE), -12),
          endsOn: addDays(todayIn(w.stack.env.TIME_ZONE), 1),
        })
        .expect(201)
    ).body.id;
    await w.api.post(`/api/admin/appeals/${old}/publish`).expect(200);
    await w.api.post(`/api/admin/appeals/${old}/archive`).expect(200);

    // The check, recorded by a bookkeeper in the Add Manual Donation form of the donor's profile.
    const ruth = (
      await w.api
        .post('/api/stripe/customers')
        .send({ name: 'Ruth Check', email: 'ruth.check@example.org' })
        .expect(201)
    ).body.id as string;
    const bookkeeper = await createAdmin(w.stack, { role: 'bookkeeper', name: 'Pat Books' });
    const books = await openPage(`/stripe-data/customer/${ruth}`);
    await books.getByLabel('Email').fill(bookkeeper.email);
    await books.getByLabel('Password').fill(bookkeeper.password);
    await books.getByRole('button', { name: 'Sign In' }).click();
    await books.getByRole('button', { name: 'Add Donation' }).click();
    const form = books.getByRole('dialog', { name: 'Add Manual Donation for Ruth Check' });
    await form.getByLabel('Amount *').fill('500');
    await form.getByLabel('Donation Type *').selectOption('check');
    const picker = form.getByLabel('Appeal', { exact: true });
    await expect(picker.inputValue()).resolves.toBe('');
    await expect(picker.locator('option').allTextContents()).resolves.toEqual(['None', 'A new van']);
    await picker.selectOption({ label: 'A new van' });
    await checkAtWidths(books, 'admin-manual-gift-appeal');
    await form.getByRole('button', { name: 'Add Donation' }).click();
    await books
      .locator('.toast', {
        hasText: 'Manual donation of $500.00 has been recorded. It is credited to the appeal A new van.',
      })
      .waitFor();
    await books.close();
    const [check] = await w.stack.db.query(
      `SELECT amount::int, donation_type, appeal_id, stripe_customer_id FROM manual_donations WHERE donor_name = 'Ruth Check'`,
    );
    expect(check).toEqual({ amount: 50000, donation_type: 'check', appeal_id: appealId, stripe_customer_id: ruth });
  });

  it('the bar, the Appeals report, the ledger filter and the board PDF show the same total, recomputed from the emulator', async () => {
    const expected = await expectedRaised();
    expect(expected.gifts).toBe(4);
    const total = formatUsd(expected.cents);
    await waitUntil(
      async () =>
        (await w.api.get(`/api/admin/appeal-reports/${appealId}`).expect(200)).body.appeal.raisedCents ===
        expected.cents,
      { timeoutMs: 30_000 },
    );

    const page = await openPage('/give/van');
    const bar = page.getByRole('progressbar');
    await bar.waitFor();
    const percent = Math.floor((expected.cents * 100) / 500000);
    await expect(bar.getAttribute('aria-valuetext')).resolves.toBe(`${total} raised of a $5,000.00 goal (${percent}%)`);
    await expect(bar.getAttribute('aria-valuenow')).resolves.toBe(String(percent));
    await page.close();

    const report = (await w.api.get('/api/admin/appeal-reports').expect(200)).body;
    const row = report.appeals.find((a: { id: string }) => a.id === appealId);
    expect(row).toMatchObject({
      raisedCents: expected.cents,
      giftCount: expected.gifts,
      percentOfGoal: percent,
      averageGiftCents: Math.round(expected.cents / expected.gifts),
      recurringStarted: 1,
      matchedCents: 100000,
    });
    const ledger = (await w.api.get(`/api/stripe/transactions?appeal=${appealId}`).expect(200)).body;
    expect(ledger.totals).toMatchObject({ count: expected.gifts, netCents: expected.cents });
    const { res, text } = await fetchPdf(w.api.get(`/api/admin/appeal-reports/${appealId}/pdf`));
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(text).toContain(`Raised ${total}`);
    expect(text).toContain(`Percent of goal ${percent}%`);

    // The Appeals report screen and the ledger's filter, as staff see them.
    const adm = await openPage('/stripe-data/appeal-reports');
    await adm.getByLabel('Email').fill(w.admin.email);
    await adm.getByLabel('Password').fill(w.admin.password);
    await adm.getByRole('button', { name: 'Sign In' }).click();
    await adm.getByRole('heading', { name: 'Appeals report' }).waitFor();
    const reportRow = adm.locator('tr', { hasText: 'A new van' }).first();
    await expect(reportRow.innerText()).resolves.toContain(total);
    await adm.getByRole('button', { name: 'Show data table' }).click();
    await checkAtWidths(adm, 'admin-appeals-report');
    await adm.getByRole('link', { name: 'Its gifts in the ledger' }).click();
    await adm.getByRole('tab', { name: 'Transactions' }).waitFor();
    await adm.getByText(new RegExp(`${expected.gifts} transactions · ${total.replace(/[$.]/g, '\\$&')} net`)).waitFor();
    await adm.close();
  });

  it('keyboard only: the share block, the form and its "show my name" box are reached in order', async () => {
    const page = await openPage('/give/van');
    await page.getByRole('progressbar').waitFor();
    const seen: string[] = [];
    for (let i = 0; i < 60 && !seen.includes('showName'); i++) {
      await page.keyboard.press('Tab');
      seen.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          return el?.id || el?.getAttribute('name') || el?.textContent?.trim() || '';
        }),
      );
    }
    const order = ['appeal-share-url', 'Copy link', 'donation-amount', 'showName'].map((k) =>
      seen.findIndex((s) => s === k || s.startsWith(k)),
    );
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: /Show my name/ }).isChecked()).resolves.toBe(true);
    await page.close();
  });

  it('an ended appeal refuses new gifts and points to the general donate page', async () => {
    await w.api.post(`/api/admin/appeals/${appealId}/end`).expect(200);
    const page = await openPage('/give/van');
    await page.getByText('This appeal has ended').waitFor();
    await expect(page.getByRole('heading', { name: 'Make a Donation' }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Give on the donate page' }).getAttribute('href')).resolves.toBe(
      '/donate',
    );
    await checkAtWidths(page, 'appeal-page-ended');
    await page.close();
    const refused = await w.api
      .post('/api/create-payment-intent')
      .send({
        amount: 2500,
        appeal: 'van',
        donationData: { ...donors.fees, email: 'late@example.org', frequency: 'one-time' },
      });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('/donate');
  });
});
