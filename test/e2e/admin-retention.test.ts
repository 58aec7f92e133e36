import { readFileSync } from 'node:fs';
import { authed, signIn } from '../helpers/admin.js';
import { collectConsoleErrors, settled } from '../helpers/browser.js';
import { newPage, shot, signInUi, startAdminEnv, usd, type AdminEnv } from '../helpers/admin-browser.js';
import { expectNoAxeViolations } from '../helpers/axe.js';

/** The Insights tab's retention section in Chromium over a seeded 14-month history (real API, worker, Postgres). */
describe('retention reports in the Insights tab', () => {
  let env: AdminEnv;
  let api: ReturnType<typeof authed>;
  const year = new Date().getFullYear();

  beforeAll(async () => {
    env = await startAdminEnv();
    api = authed(env.stack, (await signIn(env.stack, env.admin)).token);
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('shows each figure with its sentence, lists and exports LYBUNT, and is accessible at 1280 and 390 px', async () => {
    const figures = (await api.get(`/api/stripe/retention?year=${year}`).expect(200)).body;
    const lybunt = (await api.get(`/api/stripe/retention/lapsed?kind=lybunt&year=${year}&pageSize=25`).expect(200))
      .body;
    const sybunt = (await api.get(`/api/stripe/retention/lapsed?kind=sybunt&year=${year}&pageSize=25`).expect(200))
      .body;
    // The seeded history has donors of last year who have not given again, so the list is not empty.
    expect(lybunt.total).toBeGreaterThan(0);
    expect(figures.lybunt).toBe(lybunt.total);

    const page = await newPage(env);
    const errors = collectConsoleErrors(page);
    await signInUi(page, env);
    await page.getByRole('tab', { name: 'Insights' }).click();
    await page.getByRole('heading', { name: 'Retention by Year' }).waitFor();
    const table = page.getByRole('region', { name: `LYBUNT donors for ${year}` });
    await table.waitFor();
    const panel = (await page.getByRole('tabpanel').textContent()) ?? '';
    const pct = (p: number | null) => (p === null ? '–' : `${p.toLocaleString('en-US')}%`);
    expect(panel).toContain(
      `Retention Rate${pct(figures.retention.percent)}${figures.retention.part.toLocaleString('en-US')} of the ${figures.retention.whole.toLocaleString('en-US')} donors who gave in ${year - 1} gave again in ${year}.`,
    );
    expect(panel).toContain(
      `First-Time Donors${figures.firstTime.whole.toLocaleString('en-US')}Donors whose first gift ever was made in ${year}.`,
    );
    expect(panel).toContain(`Second-Gift Rate${pct(figures.firstTime.percent)}`);
    expect(panel).toContain(
      `LYBUNT${figures.lybunt.toLocaleString('en-US')}Donors who gave in ${year - 1} but not in ${year}`,
    );
    expect(panel).toContain(`SYBUNT${figures.sybunt.toLocaleString('en-US')}`);
    expect(panel).toContain(`Recurring Conversion${pct(figures.recurringConversion.percent)}`);

    const rows = table.locator('tbody tr');
    await expect(rows.count()).resolves.toBe(Math.min(25, lybunt.total));
    const first = lybunt.data[0];
    await expect(rows.first().locator('td[data-label="Lifetime Total"]').textContent()).resolves.toBe(
      usd(first.lifetimeCents / 100),
    );
    await expect(rows.first().getByRole('link').textContent()).resolves.toBe(first.name ?? 'No name provided');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^lybunt_${year}_\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r\n/);
    expect(csv).toHaveLength(lybunt.total + 1);
    expect(csv[1]).toContain(first.id);

    await expectNoAxeViolations(page, 'retention section at 1280 px');
    await shot(page, 'admin-retention-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    await expectNoAxeViolations(page, 'retention section at 390 px');
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await page.getByRole('heading', { name: 'Lapsed Donors' }).scrollIntoViewIfNeeded();
    await shot(page, 'admin-retention-390');
    const box = (await rows.first().locator('td[data-label="Gifts"]').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);

    await page.getByLabel('List').selectOption('sybunt');
    if (sybunt.total === 0) await page.getByText(`No donor is on this list for ${year}.`).waitFor();
    else
      await page
        .getByRole('region', { name: `SYBUNT donors for ${year}` })
        .locator('tbody tr')
        .first()
        .waitFor();
    await expectNoAxeViolations(page, 'SYBUNT list at 390 px');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
