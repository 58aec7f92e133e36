import type { Download, Page } from 'playwright-core';
import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { authed, signIn } from '../helpers/admin.js';
import { localDay } from '../helpers/admin-api-expected.js';
import { newPage, shot, signInUi, startAdminEnv, usd, type AdminEnv } from '../helpers/admin-browser.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { feesRead, waitForProjection } from '../helpers/events.js';

/**
 * A bookkeeper closes last month in Chromium: card gifts in its last days (one refunded the next month), the
 * emulator's daily payouts, and the Month-end view's gross, refunds, fees, received and deposits read at 1280 and
 * 390 px, equal to the ledger's gifts of the month and Stripe's payouts arriving in it; its CSV downloads.
 */
const DAY = 86400;
const shiftDay = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * DAY * 1000).toISOString().slice(0, 10);

describe('admin Month-end view in Chromium', () => {
  let env: AdminEnv;
  let stripe: Stripe;
  let page: Page;
  let month: string;
  let monthLabel: string;

  beforeAll(async () => {
    env = await startAdminEnv({ donors: 0 });
    stripe = createStripeClient(env.stack.env, { maxNetworkRetries: 0 });
    const emulator = env.stack.emulator!;
    const tz = env.stack.env.TIME_ZONE;
    const realNow = emulator.now();
    const firstDay = `${localDay(new Date(realNow * 1000), tz).slice(0, 7)}-01`;
    month = shiftDay(firstDay, -1).slice(0, 7);
    monthLabel = new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    // Four days before the month ends: the first gifts' payout arrives on its last day (a payout's day is the UTC date of its arrival_date).
    await emulator.advanceClock(Date.parse(`${shiftDay(firstDay, -4)}T18:00:00Z`) / 1000 - realNow);
    const donor = await stripe.customers.create({ name: 'Iris Okafor', email: 'iris@example.org' });
    const give = (amount: number) =>
      stripe.paymentIntents.create({
        amount,
        currency: 'usd',
        customer: donor.id,
        payment_method: 'pm_card_visa',
        confirm: true,
        allowed_payment_method_types: ['card'],
      });
    const early = await give(12000);
    await give(4550);
    await emulator.advanceClock(DAY);
    const same = await give(3000);
    await stripe.refunds.create({ payment_intent: same.id, amount: 1000 });
    await emulator.advanceClock(3 * DAY);
    await stripe.refunds.create({ payment_intent: early.id, amount: 2000 }); // this month: not in last month's refunds
    await emulator.advanceClock(realNow - 3600 - emulator.now());
    await emulator.flushWebhooks(20000);
    await waitForProjection(env.stack, { timeoutMs: 30000, predicate: feesRead(env.stack) });
  }, 180_000);
  afterAll(() => env?.stop());

  const card = (title: string) => page.getByRole('region', { name: title, exact: true }).locator('.adm-stat__value');

  it("reads last month's gross, refunds, fees, received and deposits, equal to the ledger's and the payouts', at 1280 and 390 px", async () => {
    const api = authed(env.stack, (await signIn(env.stack)).token);
    const lastDay = shiftDay(`${shiftDay(`${month}-28`, 5).slice(0, 7)}-01`, -1);
    const ledger = (
      await api.get(`/api/stripe/transactions?start_date=${month}-01&end_date=${lastDay}&pageSize=100`).expect(200)
    ).body;
    const gifts = ledger.data.filter(
      (t: { type: string; status: string }) => t.type === 'card' && !['failed', 'pending'].includes(t.status),
    );
    const gross = gifts.reduce((s: number, t: { amount: number }) => s + t.amount, 0);
    // The history loader's manual gifts of the month count in the gross too.
    const manual = ledger.data
      .filter((t: { type: string }) => t.type === 'manual')
      .reduce((s: number, t: { amount: number }) => s + t.amount, 0);
    const tz = env.stack.env.TIME_ZONE;
    const payouts = (await stripe.payouts.list({ limit: 100 }).autoPagingToArray({ limit: 1000 })).filter(
      (p) => new Date(p.arrival_date * 1000).toISOString().slice(0, 7) === month,
    );
    const deposited = payouts.filter((p) => p.status === 'paid').reduce((s, p) => s + p.amount, 0);
    expect(deposited).toBeGreaterThan(0);
    const lines = (await stripe.balanceTransactions.list({ limit: 100 }).autoPagingToArray({ limit: 1000 })).filter(
      (b) => !b.type.startsWith('payout') && localDay(new Date(b.created * 1000), tz).slice(0, 7) === month,
    );
    const fees = lines.reduce((s, b) => s + b.fee, 0);
    const refunds = -lines.filter((b) => b.type === 'refund').reduce((s, b) => s + b.amount, 0);
    expect(refunds).toBe(1000);

    page = await newPage(env, 1280);
    await signInUi(page, env);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Month-end' }).click();
    await page.getByRole('heading', { name: 'Month-end', level: 1 }).waitFor();
    await page.getByLabel('Month', { exact: true }).selectOption({ label: monthLabel });
    await page.getByRole('region', { name: `${monthLabel} by method` }).waitFor();
    expect(await card('Gross').textContent()).toBe(usd((gross + manual) / 100));
    expect(await card('Refunds and Disputes').textContent()).toBe(usd(refunds / 100));
    expect(await card('Stripe Fees').textContent()).toBe(usd(fees / 100));
    expect(await card('Received').textContent()).toBe(usd((gross + manual - refunds) / 100));
    expect(await card('Deposited').textContent()).toBe(usd(deposited / 100));
    await expectNoAxeViolations(page, 'month-end, 1280 px');
    await shot(page, 'admin-month-end-1280');

    await page.setViewportSize({ width: 390, height: 900 });
    expect(await card('Gross').textContent()).toBe(usd((gross + manual) / 100));
    await expectNoAxeViolations(page, 'month-end, 390 px');
    await shot(page, 'admin-month-end-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('downloads the month as CSV with the numbers on the screen', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const [download] = await Promise.all([
      page.waitForEvent('download') as Promise<Download>,
      page.getByRole('button', { name: /^Download CSV/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`month-end_${month}.csv`);
    const text = (await import('node:fs')).readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = text.trim().split('\r\n');
    expect(header).toBe(
      'Section,Item,Gross,Refunds,Disputes,Stripe Fees,Received,After Fees,Payout Status,Arrival Day',
    );
    const total = rows.find((r) => r.startsWith('Total,All methods,'))!.split(',');
    expect(usd(Number(total[2]))).toBe(await card('Gross').textContent());
    expect(usd(Number(total[6]))).toBe(await card('Received').textContent());
    const deposited = rows.find((r) => r.startsWith('Payouts,Deposited,'))!.split(',');
    expect(usd(Number(deposited[7]))).toBe(await card('Deposited').textContent());
  });
});
