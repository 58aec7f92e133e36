import { expectNoAxeViolations } from '../helpers/axe.js';
import { collectConsoleErrors } from '../helpers/browser.js';
import {
  newPage,
  resetPathOf,
  shot,
  signInUi,
  startAdminEnv,
  startSmtpCatcher,
  type AdminEnv,
} from '../helpers/admin-browser.js';

const NEW_PASSWORD = 'Quarry-Lantern-Meadow-42';

describe('admin password reset in Chromium: request by e-mail, follow the link, sign in with the new password', () => {
  let env: AdminEnv;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    env = await startAdminEnv({ donors: 10, env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
    await smtp?.close();
  });

  it('shows the invalid-link message without a token', async () => {
    const page = await newPage(env, 390);
    await page.goto(`${env.stack.apiUrl}/reset-password`);
    await page.getByRole('heading', { name: 'Reset Your Password' }).waitFor();
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'Invalid reset link. Please request a new password reset.',
    );
    await expect(page.getByRole('link', { name: 'Back to login' }).getAttribute('href')).resolves.toBe('/stripe-data');
    await expectNoAxeViolations(page, 'reset page without token');
    await page.context().close();
  });

  it('requests a reset from the login form, follows the e-mailed link and sets a new password', async () => {
    const page = await newPage(env);
    const errors = collectConsoleErrors(page);
    await page.goto(`${env.stack.apiUrl}/stripe-data`);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill(env.admin.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.locator('.toast', { hasText: 'Password Reset Sent' }).waitFor();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();

    const [mail] = await smtp.waitFor(env.admin.email);
    const resetPath = resetPathOf(mail.raw);
    await page.goto(`${env.stack.apiUrl}${resetPath}`);
    await page.getByRole('heading', { name: 'Reset Your Password' }).waitFor();
    await expectNoAxeViolations(page, 'reset form');
    await shot(page, 'admin-reset-password-1280');

    const submit = () => page.getByRole('button', { name: 'Reset Password' }).click();
    const alertText = () => page.getByRole('alert').textContent();
    const fill = async (a: string, b: string) => {
      await page.getByLabel('New Password').fill(a);
      await page.getByLabel('Confirm Password').fill(b);
    };
    // The checks, in the spec's order.
    await submit();
    await expect(alertText()).resolves.toBe('Please fill in all fields');
    await fill('short', 'short');
    await submit();
    await expect(alertText()).resolves.toBe('Password must be at least 8 characters long');
    await fill(NEW_PASSWORD, `${NEW_PASSWORD}x`);
    await submit();
    await expect(alertText()).resolves.toBe('Passwords do not match');

    await fill(NEW_PASSWORD, NEW_PASSWORD);
    await submit();
    await page
      .getByRole('status')
      .filter({ hasText: 'Your password has been updated. Redirecting to login...' })
      .waitFor();
    await expect(
      page.getByRole('status').filter({ hasText: 'Password Reset Successful' }).count(),
    ).resolves.toBeGreaterThan(0);
    const shownAt = Date.now();
    await page.waitForURL(`${env.stack.apiUrl}/stripe-data`, { timeout: 6000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2000);

    // The link is single-use: reusing it fails inline.
    await page.goto(`${env.stack.apiUrl}${resetPath}`);
    await fill(NEW_PASSWORD, NEW_PASSWORD);
    await submit();
    await page.getByRole('alert').waitFor();
    await expect(alertText()).resolves.not.toMatch(/^\d{3}:/);

    // The old password no longer works; the new one does.
    await page.goto(`${env.stack.apiUrl}/stripe-data`);
    await page.getByLabel('Email').fill(env.admin.email);
    await page.getByLabel('Password').fill(env.admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').waitFor();
    await signInUi(page, env, NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('heading', { name: 'Admin Access' }).waitFor();
    expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    await page.context().close();
  }, 90_000);
});
