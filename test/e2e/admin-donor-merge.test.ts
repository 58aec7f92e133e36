import type { Page } from 'playwright-core';
import { authed, signIn } from '../helpers/admin.js';
import { collectConsoleErrors } from '../helpers/browser.js';
import { newPage, shot, signInUi, startAdminEnv, type AdminEnv } from '../helpers/admin-browser.js';
import { expectNoAxeViolations } from '../helpers/axe.js';

/**
 * Merging two records of one person from the donor profile in Chromium: search, the confirmation (both records,
 * which is kept, their gifts and totals, what happens, Stripe keeps both customers, which address keeps My Giving)
 * at 1280 and 390 px with axe,
 * then the merge, the Merged Records card and its undo.
 */
describe('merging donor records in Chromium', () => {
  let env: AdminEnv;
  let api: ReturnType<typeof authed>;
  let kept: string;
  let dup: string;

  beforeAll(async () => {
    env = await startAdminEnv({ donors: 12 });
    api = authed(env.stack, (await signIn(env.stack, env.admin)).token);
    kept = (await api.post('/api/stripe/customers').send({ name: 'Rosa Lind', email: 'rosa@home.example' }).expect(201))
      .body.id;
    dup = (
      await api
        .post('/api/stripe/customers')
        .send({ name: 'Rosa M. Lind', email: 'rosa.lind@work.example' })
        .expect(201)
    ).body.id;
    const gift = (id: string, amount: string, type: string) =>
      api
        .post('/api/admin/manual-donations')
        .send({
          stripeCustomerId: id,
          donorName: 'Rosa Lind',
          amount,
          donationType: type,
          donationDate: new Date().toISOString(),
        })
        .expect(201);
    await gift(kept, '50', 'cash');
    await gift(dup, '125', 'check');
    await gift(dup, '25', 'cash');
  }, 180_000);
  afterAll(async () => {
    await env?.stop();
  });

  const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  it('shows both records and what will happen, merges, and undoes', async () => {
    const page = await newPage(env);
    const errors = collectConsoleErrors(page);
    await signInUi(page, env);
    await page.goto(`${env.stack.apiUrl}/stripe-data/customer/${kept}`);
    await page.getByRole('button', { name: 'Merge Duplicate' }).click();
    const pick = page.getByRole('dialog', { name: 'Merge Duplicate Record' });
    await pick.getByLabel('Search donors').fill('rosa');
    const results = pick.getByRole('list', { name: 'Matching donors' });
    await results.getByRole('button', { name: /rosa\.lind@work\.example/ }).waitFor();
    // The donor being kept is not offered as its own duplicate.
    await expect(results.getByRole('button', { name: /rosa@home\.example/ }).count()).resolves.toBe(0);
    await expectNoAxeViolations(page, 'merge search');
    await results.getByRole('button', { name: /rosa\.lind@work\.example/ }).click();

    const confirm = page.getByRole('alertdialog', { name: 'Confirm Merge' });
    const table = confirm.getByRole('table', { name: 'The two records' });
    await table.waitFor();
    await expect(table.locator('thead th').allTextContents()).resolves.toEqual([
      'Detail',
      'Kept (this profile)',
      'Merged into it',
    ]);
    const row = async (label: string) =>
      table
        .locator('tr', { has: page.getByRole('rowheader', { name: label, exact: true }) })
        .locator('td')
        .allTextContents();
    await expect(row('Email')).resolves.toEqual(['rosa@home.example', 'rosa.lind@work.example']);
    await expect(row('Donor ID')).resolves.toEqual([kept, dup]);
    await expect(row('Manual gifts')).resolves.toEqual(['1 gift, $50.00', '2 gifts, $150.00']);
    await expect(row('All gifts')).resolves.toEqual(['1 gift, $50.00', '2 gifts, $150.00']);
    await confirm.getByText('which then has 3 gifts, $200.00', { exact: false }).waitFor();
    await confirm.getByText('Stripe keeps both customers: Stripe cannot merge customers.', { exact: false }).waitFor();
    // Two different addresses: the confirmation says which one keeps My Giving, before anything happens.
    const warning = confirm.getByRole('note', { name: 'Different e-mail addresses' });
    await expect(warning.getByText('Self-service stays with one address').count()).resolves.toBe(1);
    await expect(warning.textContent()).resolves.toContain(
      "after the merge, only rosa@home.example (the kept record's) signs in to My Giving for these gifts; rosa.lind@work.example no longer does.",
    );
    await expectNoAxeViolations(page, 'merge confirmation at 1280 px');
    await shot(page, 'admin-donor-merge-confirm-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page, 'merge confirmation at 390 px');
    await expect(noSideScroll(page)).resolves.toBeLessThanOrEqual(390);
    await shot(page, 'admin-donor-merge-confirm-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    await confirm.getByRole('button', { name: 'Merge Records' }).click();
    await page.locator('.toast', { hasText: 'Records Merged' }).waitFor();
    const card = page.getByRole('region', { name: 'Merged Records' });
    await card.getByText('rosa.lind@work.example', { exact: false }).waitFor();
    await page.getByText('$200.00').first().waitFor();
    const [moved] = await env.stack.db.query(
      `SELECT count(*)::int AS n FROM manual_donations WHERE stripe_customer_id = $1`,
      [kept],
    );
    expect(moved.n).toBe(3);
    await expectNoAxeViolations(page, 'profile with a merged record');
    await shot(page, 'admin-donor-merged-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(noSideScroll(page)).resolves.toBeLessThanOrEqual(390);
    await shot(page, 'admin-donor-merged-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    await card.getByRole('button', { name: 'Undo merge of Rosa M. Lind' }).click();
    const undo = page.getByRole('alertdialog', { name: 'Undo Merge' });
    await expectNoAxeViolations(page, 'undo merge confirmation');
    await undo.getByRole('button', { name: 'Undo Merge' }).click();
    await page.locator('.toast', { hasText: 'Merge Undone' }).waitFor();
    await card.waitFor({ state: 'detached' });
    const back = await env.stack.db.query(
      `SELECT stripe_customer_id AS c, count(*)::int AS n FROM manual_donations WHERE stripe_customer_id = ANY($1::text[]) GROUP BY 1 ORDER BY 2`,
      [[kept, dup]],
    );
    expect(back).toEqual([
      { c: kept, n: 1 },
      { c: dup, n: 2 },
    ]);
    expect(errors).toEqual([]);
  });

  it('sends the merged-away profile on to the kept record', async () => {
    await api.post(`/api/stripe/customer/${kept}/merges`).send({ duplicateId: dup }).expect(201);
    const page = await newPage(env);
    await signInUi(page, env);
    await page.goto(`${env.stack.apiUrl}/stripe-data/customer/${dup}`);
    await page.getByRole('link', { name: 'open the kept record' }).click();
    await page.getByRole('heading', { name: 'Rosa Lind' }).waitFor();
    expect(page.url()).toContain(kept);
  });
});
