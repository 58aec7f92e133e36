import type { Page } from 'playwright-core';
import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { newPage, shot, signInUi, startAdminEnv, usd, type AdminEnv } from '../helpers/admin-browser.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { waitForProjection } from '../helpers/events.js';

/**
 * The Recurring tab and a donor's plans in Chromium over a real stack: plans made on the Stripe emulator
 * (one of them past due after its card declined), the admin's pause, resume and cancel going through Stripe
 * and coming back through the webhooks.
 */
const DAY = 86400;

describe('admin Recurring view in Chromium', () => {
  let env: AdminEnv;
  let stripe: Stripe;
  let page: Page;
  const ids: Record<string, string> = {};

  async function plan(
    name: string,
    cents: number,
    months: number,
    card = 'pm_card_visa',
  ): Promise<Stripe.Subscription> {
    const c = await stripe.customers.create({ name, email: `${name.split(' ')[0].toLowerCase()}@example.org` });
    const pm = await stripe.paymentMethods.attach(card, { customer: c.id });
    await stripe.customers.update(c.id, { invoice_settings: { default_payment_method: pm.id } });
    const product = await stripe.products.create({ name: 'Gift' });
    return stripe.subscriptions.create({
      customer: c.id,
      items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: cents,
            product: product.id,
            recurring: { interval: 'month', interval_count: months },
          },
        },
      ],
      metadata: { frequency: months === 3 ? 'quarterly' : 'monthly', donor_name: name },
    });
  }

  beforeAll(async () => {
    env = await startAdminEnv({ donors: 0 });
    stripe = createStripeClient(env.stack.env, { maxNetworkRetries: 0 });
    await env.stack.db.query(`TRUNCATE subscriptions`);
    const emulator = env.stack.emulator!;
    await emulator.advanceClock(-40 * DAY);
    ids.pat = (await plan('Pat Monthly', 2000, 1)).id;
    ids.quinn = (await plan('Quinn Quarterly', 3000, 3)).id;
    const dee = await plan('Dee Declined', 1500, 1);
    ids.dee = dee.id;
    const declining = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: dee.customer as string,
    });
    await stripe.subscriptions.update(dee.id, { default_payment_method: declining.id });
    await emulator.advanceClock(31 * DAY);
    await emulator.flushWebhooks(20000);
    await waitForProjection(env.stack, {
      predicate: async () =>
        (await env.stack.db.query(`SELECT 1 FROM subscriptions WHERE plan_status = 'past_due'`)).length === 1,
    });
  }, 120_000);
  afterAll(() => env?.stop());

  it('warns of past-due plans on the dashboard and opens them on the Recurring tab, at 1280 and 390 px', async () => {
    page = await newPage(env, 1280);
    await signInUi(page, env);
    const banner = page.getByRole('status').filter({ hasText: '1 recurring gift is past due' });
    await banner.waitFor();
    await expectNoAxeViolations(page, 'dashboard with the past-due banner, 1280 px');
    await page.setViewportSize({ width: 390, height: 900 });
    await expectNoAxeViolations(page, 'dashboard with the past-due banner, 390 px');
    await shot(page, 'admin-dashboard-past-due-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await banner.getByRole('link', { name: 'View past-due plans' }).click();
    await page.getByRole('heading', { name: 'Recurring Gifts', level: 1 }).waitFor();
    expect(new URL(page.url()).search).toBe('?status=past_due');
    expect(await page.getByLabel('Status').inputValue()).toBe('past_due');
    const table = page.getByRole('region', { name: 'Recurring plans, newest first' });
    await table.getByRole('link', { name: 'Dee Declined' }).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Recurring' }).getAttribute('aria-current')).toBe('page');

    // $20 monthly + $30 quarterly / 3; Dee's plan is past due, so not in the revenue.
    const card = (title: string) => page.getByRole('region', { name: title });
    await card('Monthly Recurring Revenue').getByText(usd(30)).waitFor();
    expect(await card('Active Recurring Donors').locator('.adm-stat__value').textContent()).toBe('2');
    expect(await card('Past-Due Plans').locator('.adm-stat__value').textContent()).toBe('1');
    expect(await card('Canceled (30 Days)').locator('.adm-stat__value').textContent()).toBe('0');
    await card('Monthly Recurring Revenue').getByText('quarterly ÷ 3, annual ÷ 12').waitFor();

    await expectNoAxeViolations(page, 'recurring, past due, 1280 px');
    await shot(page, 'admin-recurring-1280');
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, 'recurring, past due, 390 px');
    await shot(page, 'admin-recurring-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByLabel('Status').selectOption('');
    await page.waitForURL((u) => u.search === '');
    await table.getByRole('link', { name: 'Pat Monthly' }).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(3);
  });

  it("pauses, resumes and cancels a donor's plan from the profile, with the keyboard, confirmed and audited", async () => {
    await page
      .getByRole('region', { name: 'Recurring plans, newest first' })
      .getByRole('link', { name: 'Pat Monthly' })
      .click();
    const plans = page.getByRole('region', { name: 'Recurring Gifts' });
    await plans.getByText('$20.00 monthly').waitFor();
    await expectNoAxeViolations(page, 'donor profile with a plan, 1280 px');

    await plans.getByRole('button', { name: 'Pause' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Pause Recurring Gift' });
    await dialog.getByText('renewals that fall due meanwhile are skipped').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect((await stripe.subscriptions.retrieve(ids.pat)).pause_collection).toBeNull();

    await plans.getByRole('button', { name: 'Pause' }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Pause Gift' }).focus();
    await page.keyboard.press('Enter');
    await plans.locator('.badge', { hasText: 'Paused' }).waitFor();
    expect((await stripe.subscriptions.retrieve(ids.pat)).pause_collection).toMatchObject({ behavior: 'void' });

    await plans.getByRole('button', { name: 'Resume' }).click();
    await page
      .getByRole('alertdialog', { name: 'Resume Recurring Gift' })
      .getByRole('button', { name: 'Resume Gift' })
      .click();
    await plans.locator('.badge', { hasText: 'Active' }).waitFor();

    await plans.getByRole('button', { name: 'Cancel Gift' }).click();
    const cancel = page.getByRole('alertdialog', { name: 'Cancel Recurring Gift' });
    expect(await cancel.getByRole('radio', { name: /At the end of the current period/ }).isChecked()).toBe(true);
    await expectNoAxeViolations(page, 'cancel dialog, 1280 px');
    await page.setViewportSize({ width: 390, height: 900 });
    await expectNoAxeViolations(page, 'cancel dialog, 390 px');
    await shot(page, 'admin-recurring-cancel-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await cancel.getByRole('button', { name: 'Cancel Gift' }).click();
    await plans.getByText('Ends at period end').waitFor();
    const sub = await stripe.subscriptions.retrieve(ids.pat);
    expect(sub).toMatchObject({ status: 'active', cancel_at_period_end: true });
    await shot(page, 'admin-recurring-profile-1280');

    const audit = await env.stack.db.query(
      `SELECT action, admin_id, details->>'subscriptionId' AS sub FROM audit_log WHERE action LIKE 'plan.%' ORDER BY id`,
    );
    expect(audit).toEqual(
      ['plan.paused', 'plan.resumed', 'plan.cancel_scheduled'].map((action) => ({
        action,
        admin_id: env.admin.id,
        sub: ids.pat,
      })),
    );
  });

  it("shows the failed renewal on the past-due donor's profile and cancels it now", async () => {
    await page.goto(`${env.stack.apiUrl}/stripe-data/recurring?status=past_due`);
    await page.getByRole('link', { name: 'Dee Declined' }).click();
    const plans = page.getByRole('region', { name: 'Recurring Gifts' });
    await plans.getByText(/Renewal of \$15\.00 on .* failed \(1 try\)\. Stripe tries again on/).waitFor();
    await plans.getByRole('button', { name: 'Cancel Gift' }).click();
    const cancel = page.getByRole('alertdialog', { name: 'Cancel Recurring Gift' });
    await cancel.getByRole('radio', { name: /Now: the gift ends today/ }).check();
    await cancel.getByRole('button', { name: 'Cancel Gift' }).click();
    await plans.locator('.badge', { hasText: 'Canceled' }).waitFor();
    expect((await stripe.subscriptions.retrieve(ids.dee)).status).toBe('canceled');
    expect(await plans.getByRole('button', { name: 'Cancel Gift' }).count()).toBe(0);
  });
  it("shows the next renewal on the school's day to an admin whose browser is in another zone", async () => {
    // 21:30 in Chicago (the school's TIME_ZONE) is already the next afternoon in Auckland: a date formatted in the
    // browser's zone would read a day later than the school's records, e-mails and statements.
    const emulator = env.stack.emulator!;
    const chicago = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    const [h, m] = chicago
      .format(new Date(emulator.now() * 1000))
      .split(':')
      .map(Number);
    await emulator.advanceClock(((((21 * 60 + 30 - (h * 60 + m)) % 1440) + 1440) % 1440) * 60 || 60);
    const sub = await plan('Zoe Zone', 2500, 1);
    await emulator.flushWebhooks(20000);
    await waitForProjection(env.stack, {
      predicate: async () =>
        (await env.stack.db.query(`SELECT 1 FROM subscriptions WHERE id = $1`, [sub.id])).length === 1,
    });
    const renews = new Date(sub.items.data[0].current_period_end * 1000);
    const day = (timeZone: string) =>
      new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: '2-digit', year: 'numeric' }).format(renews);
    expect(day('Pacific/Auckland')).not.toBe(day('America/Chicago'));

    const far = await newPage(env, 1280, 'Pacific/Auckland');
    await signInUi(far, env);
    // The page learns the school's zone from the server (not from a default the web app carries).
    expect(await far.locator('meta[name="app:time-zone"]').getAttribute('content')).toBe(env.stack.env.TIME_ZONE);
    await far.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Recurring' }).click();
    const row = far
      .getByRole('region', { name: 'Recurring plans, newest first' })
      .locator('tbody tr')
      .filter({ hasText: 'Zoe Zone' });
    await row.waitFor();
    expect(await row.locator('td').nth(4).textContent()).toBe(day('America/Chicago'));
    await far.context().close();
  });
});
