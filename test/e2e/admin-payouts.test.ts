import type { Download, Page } from 'playwright-core';
import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { newPage, shot, signInUi, startAdminEnv, usd, type AdminEnv } from '../helpers/admin-browser.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { waitForProjection } from '../helpers/events.js';

/**
 * The Payouts view in Chromium over a real stack: card gifts and a refund on the Stripe emulator over four
 * emulator days, its daily payouts projected from the webhooks; a deposit opened shows lines that add up to it,
 * and its CSV downloads.
 */
const DAY = 86400;

describe('admin Payouts view in Chromium', () => {
  let env: AdminEnv;
  let stripe: Stripe;
  let page: Page;

  beforeAll(async () => {
    env = await startAdminEnv({ donors: 0 });
    stripe = createStripeClient(env.stack.env, { maxNetworkRetries: 0 });
    const emulator = env.stack.emulator!;
    // Five days back at noon UTC, whatever the hour the test runs: the daily payout is made at midnight UTC and
    // reconciled an hour later, so by the last day's noon every payout has its lines (at 00:30 one would not).
    await emulator.advanceClock(-5 * DAY + (DAY / 2 - (emulator.now() % DAY)));
    const donor = await stripe.customers.create({ name: 'Iris Okafor', email: 'iris@example.org' });
    for (let day = 0; day < 4; day++) {
      const pi = await stripe.paymentIntents.create({
        amount: 5000 + day * 125,
        currency: 'usd',
        customer: donor.id,
        payment_method: 'pm_card_visa',
        confirm: true,
        allowed_payment_method_types: ['card'],
      });
      await stripe.paymentIntents.create({
        amount: 2500,
        currency: 'usd',
        payment_method: 'pm_card_mastercard',
        confirm: true,
        allowed_payment_method_types: ['card'],
      });
      if (day === 1) await stripe.refunds.create({ payment_intent: pi.id, amount: 1000 });
      await emulator.advanceClock(DAY);
    }
    await emulator.flushWebhooks(20000);
    await waitForProjection(env.stack, {
      predicate: async () =>
        (await env.stack.db.query(`SELECT 1 FROM payouts WHERE lines_synced_at IS NULL`)).length === 0,
    });
  }, 120_000);
  afterAll(() => env?.stop());

  it('lists each deposit and, opened, the gifts, refunds and fees adding up to it, at 1280 and 390 px', async () => {
    const payouts = await stripe.payouts.list({ limit: 100 });
    expect(payouts.data.length).toBeGreaterThanOrEqual(2);
    const newest = [...payouts.data].sort((a, b) => b.arrival_date - a.arrival_date)[0];
    page = await newPage(env, 1280);
    await signInUi(page, env);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Payouts' }).click();
    await page.getByRole('heading', { name: 'Payouts', level: 1 }).waitFor();
    const table = page.getByRole('region', { name: 'Payouts to the bank, newest first' });
    await table
      .getByText(usd(newest.amount / 100))
      .first()
      .waitFor();
    expect(await table.locator('tbody > tr').count()).toBe(payouts.data.length);
    await expectNoAxeViolations(page, 'payouts, 1280 px');

    await table
      .getByRole('button', { name: /Show lines/ })
      .first()
      .click();
    const lines = page.getByRole('region', {
      name: `Gifts, refunds and fees in the payout of ${usd(newest.amount / 100)}`,
    });
    await lines.waitFor();
    const total = lines.locator('tfoot td strong');
    expect(await total.textContent()).toBe(usd(newest.amount / 100));
    await lines.getByText('Iris Okafor').first().waitFor();
    expect(await table.getByRole('button', { name: /Hide lines/ }).getAttribute('aria-expanded')).toBe('true');
    await expectNoAxeViolations(page, 'payouts with a payout opened, 1280 px');
    await shot(page, 'admin-payouts-1280');

    await page.setViewportSize({ width: 390, height: 900 });
    await expectNoAxeViolations(page, 'payouts with a payout opened, 390 px');
    await shot(page, 'admin-payouts-390');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });

  it('downloads a deposit as CSV for accounting software, its Net column adding up to the deposit', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const table = page.getByRole('region', { name: 'Payouts to the bank, newest first' });
    const [download] = await Promise.all([
      page.waitForEvent('download') as Promise<Download>,
      table.getByRole('button', { name: /^CSV/ }).first().click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^payout_\d{4}-\d{2}-\d{2}_po_\w+\.csv$/);
    const text = (await import('node:fs')).readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = text.trim().split('\r\n');
    expect(header).toBe('Date,Payee,Memo,Gross,Fee,Net,Account');
    // The file's name and its rows carry the same day: the payout's arrival day (Stripe's arrival_date as a UTC date).
    const day = download.suggestedFilename().slice('payout_'.length, 'payout_yyyy-mm-dd'.length);
    expect(new Set(rows.map((r) => r.split(',')[0]))).toEqual(new Set([day]));
    const id = download.suggestedFilename().match(/(po_\w+)\.csv$/)![1];
    const payout = await stripe.payouts.retrieve(id);
    const net = rows.reduce((s, r) => s + Math.round(Number(r.split(',')[5]) * 100), 0);
    expect(net).toBe(payout.amount);
  });
});
