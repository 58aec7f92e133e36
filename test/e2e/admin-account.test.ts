import type { Page } from 'playwright-core';
import request from 'supertest';
import { authed, signIn } from '../helpers/admin.js';
import { collectConsoleErrors } from '../helpers/browser.js';
import { newPage, shot, signInUi, startAdminEnv, type AdminEnv } from '../helpers/admin-browser.js';
import { expectNoAxeViolations } from '../helpers/axe.js';

const NEW_PASSWORD = 'Marigold-Tractor-Beacon-63';

/** Every request a page makes for the payment provider's script (the emulator's stand-in Stripe.js here). */
function watchStripeJs(page: Page, env: AdminEnv): string[] {
  const seen: string[] = [];
  const stripeJs = env.stack.env.STRIPE_JS_URL!;
  page.on('request', (r) => {
    if (r.url().startsWith(new URL(stripeJs).origin) || r.url().includes('js.stripe.com')) seen.push(r.url());
  });
  return seen;
}

const stripeOnPage = (page: Page) =>
  page.evaluate(() => ({
    global: 'Stripe' in window,
    tags: document.querySelectorAll('script[src*="/js/v3"], script[src*="stripe.com"]').length,
  }));

describe('admin pages run no payment-provider script; the account panel changes the password and signs out everywhere', () => {
  let env: AdminEnv;
  beforeAll(async () => {
    env = await startAdminEnv({ donors: 10, workers: 0 });
  }, 120_000);
  afterAll(() => env?.stop());

  it('the admin pages (sign-in, dashboard, reset) load no Stripe.js, before or after sign-in', async () => {
    const page = await newPage(env);
    const seen = watchStripeJs(page, env);
    const errors = collectConsoleErrors(page);
    await page.goto(`${env.stack.apiUrl}/stripe-data`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await expect(stripeOnPage(page)).resolves.toEqual({ global: false, tags: 0 });
    await signInUi(page, env);
    await page.waitForLoadState('networkidle');
    await expect(stripeOnPage(page)).resolves.toEqual({ global: false, tags: 0 });
    await page.goto(`${env.stack.apiUrl}/reset-password?token=${'A'.repeat(43)}`, { waitUntil: 'networkidle' });
    await expect(stripeOnPage(page)).resolves.toEqual({ global: false, tags: 0 });
    expect(seen).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the donate page loads it (card field ready), and going back to an admin page from there starts a fresh document without it', async () => {
    const page = await newPage(env);
    const seen = watchStripeJs(page, env);
    await signInUi(page, env);
    await page.getByRole('link', { name: 'Donate' }).first().click();
    await page.getByRole('heading', { name: 'Make a Donation' }).waitFor();
    await page.waitForFunction(() => 'Stripe' in window);
    expect(seen.length).toBeGreaterThan(0);
    const before = seen.length;
    await page.goBack();
    await page.getByRole('heading', { name: 'Financial Analytics Dashboard' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expect(stripeOnPage(page)).resolves.toEqual({ global: false, tags: 0 });
    expect(seen.length).toBe(before);
    await page.context().close();
  });

  it('changes the password from the account panel: wrong current password refused, then a new token here and every other session ended', async () => {
    const other = await signIn(env.stack, env.admin);
    const page = await newPage(env, 390);
    const errors = collectConsoleErrors(page);
    await signInUi(page, env);
    const tokenBefore = await page.evaluate(() => localStorage.getItem('adminSessionToken'));
    await page.getByRole('button', { name: 'Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your Account' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'account panel');
    await shot(page, 'admin-account-390');

    await dialog.getByLabel('Current Password').fill('Not-The-Password-9');
    await dialog.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByRole('alert').textContent()).resolves.toBe('Current password is incorrect');
    await expectNoAxeViolations(page, 'account panel with an error');

    await dialog.getByLabel('Current Password').fill(env.admin.password);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await page.locator('.toast', { hasText: 'Password Changed' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Financial Analytics Dashboard' }).waitFor();
    const tokenAfter = await page.evaluate(() => localStorage.getItem('adminSessionToken'));
    expect(tokenAfter).not.toBe(tokenBefore);
    await authed(env.stack, tokenAfter!).get('/api/admin/me').expect(200);
    await authed(env.stack, tokenBefore!).get('/api/admin/me').expect(401);
    await authed(env.stack, other.token).get('/api/admin/me').expect(401);
    env.admin.password = NEW_PASSWORD;
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await page.context().close();
  });

  it('signs out everywhere: this browser shows the sign-in form and every other session is ended', async () => {
    const other = await signIn(env.stack, env.admin);
    const page = await newPage(env);
    await signInUi(page, env);
    await page.getByRole('button', { name: 'Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your Account' });
    await shot(page, 'admin-account-1280');
    await dialog.getByRole('button', { name: 'Sign Out Everywhere' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('adminSessionToken'))).resolves.toBeNull();
    await authed(env.stack, other.token).get('/api/admin/me').expect(401);
    await request(env.stack.apiUrl)
      .post('/api/admin/login')
      .send({ email: env.admin.email, password: NEW_PASSWORD })
      .expect(200);
    await page.context().close();
  });
});
