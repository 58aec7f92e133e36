import type { Page } from 'playwright-core';
import { Authenticator } from '../helpers/authenticator.js';
import { collectConsoleErrors } from '../helpers/browser.js';
import { newPage, shot, signInUi, startAdminEnv, startSmtpCatcher, type AdminEnv } from '../helpers/admin-browser.js';
import { expectNoAxeViolations } from '../helpers/axe.js';

/** Axe and a screenshot at 1280 and at 390 px (the page is left at 1280). */
async function checkBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `${name} at ${width} px`);
    await shot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Issue 25 items 5 and 8 in the browser: the sign-in form refuses a password typed as the e-mail before sending
 * it, and the Security page asks for the password (or a code) before two-factor is set up again.
 */
describe('sign-in e-mail check and two-factor set-up proof in the browser', () => {
  let env: AdminEnv;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    env = await startAdminEnv({ donors: 5, workers: 1, env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
    await smtp?.close();
  });

  it('says "Enter your e-mail address" when the password is typed into the e-mail box, and sends nothing', async () => {
    const page = await newPage(env);
    let posted = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/admin/login')) posted++;
    });
    await page.goto(`${env.stack.apiUrl}/stripe-data`);
    await page.getByLabel('Email').fill(env.admin.password);
    await page.getByLabel('Password').fill(env.admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Enter your e-mail address (like name@example.org)' }).waitFor();
    expect(posted).toBe(0);
    await checkBothWidths(page, 'sign-in-not-an-email');
  });

  it('asks for the password before set-up; a wrong one is refused with a clear message; the right one shows the QR code', async () => {
    const page = await newPage(env);
    const errors = collectConsoleErrors(page);
    await signInUi(page, env);
    await page.goto(`${env.stack.apiUrl}/stripe-data/account`);
    await page.getByRole('button', { name: 'Set Up Two-Factor' }).click();
    await page.getByRole('heading', { name: 'Confirm It Is You' }).waitFor();
    await checkBothWidths(page, 'two-factor-proof');

    await page.getByLabel('Password').fill('Not-The-Password-1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'That password is not right. Enter the password you sign in with.' })
      .waitFor();
    await checkBothWidths(page, 'two-factor-proof-wrong-password');

    await page.getByLabel('Password').fill(env.admin.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Set Up Two-Factor Sign-In' }).waitFor();
    const key = (await page.getByLabel('Set-up key').textContent())!.replace(/\s/g, '');
    await page.getByLabel('Authentication Code').fill(await new Authenticator(key).nextCode());
    await page.getByRole('button', { name: 'Confirm Code' }).click();
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
    await page.getByRole('button', { name: 'Done' }).click();

    // Now on: "Move to a New Phone" offers a code from the current app instead of the password.
    await page.getByRole('button', { name: 'Move to a New Phone' }).click();
    await page.getByRole('button', { name: 'Use a code from my authenticator app instead' }).click();
    await page.getByLabel('Authentication Code').waitFor();
    await checkBothWidths(page, 'two-factor-proof-code');
    await smtp.waitFor(env.admin.email);
    expect(errors.filter((e) => !/400|401/.test(e))).toEqual([]);
  });
});
