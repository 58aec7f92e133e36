import type { Page } from 'playwright-core';
import { Authenticator } from '../helpers/authenticator.js';
import { collectConsoleErrors } from '../helpers/browser.js';
import { newPage, shot, startAdminEnv, startSmtpCatcher, type AdminEnv } from '../helpers/admin-browser.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { decodeQuotedPrintable } from '../helpers/smtp-catcher.js';

const INVITEE = { name: 'Sam Books', email: 'sam.books@example.org', password: 'Quartz-Meadow-Lantern-58' };

/** Axe and a screenshot at 1280 and at 390 px (the page is left at 1280). */
async function checkBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `${name} at ${width} px`);
    await shot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Reads the set-up key the enrolment screen shows (as a person would type it into their app). */
async function enrolFromScreen(page: Page): Promise<Authenticator> {
  await page.getByRole('heading', { name: 'Set Up Two-Factor Sign-In' }).waitFor();
  await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
  const key = (await page.getByLabel('Set-up key').textContent())!.replace(/\s/g, '');
  return new Authenticator(key);
}

describe('admin security in the browser: two-factor, invitations, roles, audit log, settings, erasure', () => {
  let env: AdminEnv;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let owner: Page;
  let ownerApp: Authenticator;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    env = await startAdminEnv({
      donors: 10,
      workers: 1,
      requireTwoFactor: true,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
    });
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
    await smtp?.close();
  });

  it('takes an admin without two-factor through enrolment, then asks for the code at the next sign-in', async () => {
    owner = await newPage(env);
    const errors = collectConsoleErrors(owner);
    await owner.goto(`${env.stack.apiUrl}/stripe-data`);
    await owner.getByLabel('Email').fill(env.admin.email);
    await owner.getByLabel('Password').fill(env.admin.password);
    await owner.getByRole('button', { name: 'Sign In' }).click();
    ownerApp = await enrolFromScreen(owner);
    await checkBothWidths(owner, 'two-factor-enrol');

    await owner.getByLabel('Authentication Code').fill('000000' === ownerApp.codeNow() ? '111111' : '000000');
    await owner.getByRole('button', { name: 'Confirm Code' }).click();
    await owner.getByRole('alert').filter({ hasText: 'Invalid code. Please try again.' }).waitFor();
    await owner.getByLabel('Authentication Code').fill(await ownerApp.nextCode());
    await owner.getByRole('button', { name: 'Confirm Code' }).click();
    await owner.getByRole('list', { name: 'Recovery codes' }).waitFor();
    expect(await owner.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);
    await checkBothWidths(owner, 'two-factor-recovery-codes');
    await owner.getByRole('button', { name: 'Continue to the Dashboard' }).click();
    await owner.getByRole('heading', { name: 'Financial Analytics Dashboard' }).waitFor();

    await owner.getByRole('button', { name: 'Sign Out' }).click();
    await owner.getByLabel('Email').fill(env.admin.email);
    await owner.getByLabel('Password').fill(env.admin.password);
    await owner.getByRole('button', { name: 'Sign In' }).click();
    await owner.getByLabel('Authentication Code').waitFor();
    await checkBothWidths(owner, 'two-factor-code');
    await owner.getByLabel('Authentication Code').fill(await ownerApp.nextCode());
    await owner.getByRole('button', { name: 'Verify' }).click();
    await owner.getByRole('heading', { name: 'Financial Analytics Dashboard' }).waitFor();
    expect(errors.filter((e) => !/401|400/.test(e))).toEqual([]);
  });

  it('invite -> e-mail -> set password -> enrol -> signed in; a bookkeeper sees no owner pages and no delete or erase buttons', async () => {
    await owner.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Admins' }).click();
    await owner.getByRole('heading', { name: 'Invite an Admin' }).waitFor();
    await owner.getByLabel('Name').fill(INVITEE.name);
    await owner.getByLabel('Email').fill(INVITEE.email);
    await owner.getByLabel('Role', { exact: true }).selectOption('bookkeeper');
    await owner.getByRole('button', { name: 'Send Invitation' }).click();
    await owner.getByRole('heading', { name: INVITEE.name }).waitFor();
    await checkBothWidths(owner, 'admins');

    const [mail] = await smtp.waitFor(INVITEE.email);
    const path = /\/admin-invite\?token=[A-Za-z0-9_-]{43}/.exec(decodeQuotedPrintable(mail.raw))![0];
    const sam = await newPage(env);
    await sam.goto(`${env.stack.apiUrl}${path}`);
    await sam.getByRole('heading', { name: 'Welcome to the Admin Area' }).waitFor();
    await checkBothWidths(sam, 'admin-invite');
    await sam.getByLabel('New Password').fill(INVITEE.password);
    await sam.getByLabel('Confirm Password').fill(INVITEE.password);
    await sam.getByRole('button', { name: 'Set Password' }).click();
    const samApp = await enrolFromScreen(sam);
    await sam.getByLabel('Authentication Code').fill(await samApp.nextCode());
    await sam.getByRole('button', { name: 'Confirm Code' }).click();
    await sam.getByRole('button', { name: 'Continue to the Dashboard' }).click();
    await sam.getByRole('heading', { name: 'Financial Analytics Dashboard' }).waitFor();

    const nav = sam.getByRole('navigation', { name: 'Admin' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Dashboard',
      'Recurring',
      'Payouts',
      'Month-end',
      'Funds',
      'Appeals',
      'Import',
      'Audit Log',
      'Operations',
      'Security',
    ]);
    const [donor] = await env.stack.db.query(`SELECT id FROM listed_donors ORDER BY created DESC LIMIT 1`);
    await sam.goto(`${env.stack.apiUrl}/stripe-data/customer/${donor.id}`);
    await sam.getByRole('button', { name: 'Export Data (CSV)' }).waitFor();
    expect(await sam.getByRole('button', { name: 'Delete Donor' }).count()).toBe(0);
    expect(await sam.getByRole('button', { name: 'Erase Personal Data' }).count()).toBe(0);
    // A bookkeeper sees the pipeline but re-running work is the owner's: no Retry or Replay column at all.
    await sam.goto(`${env.stack.apiUrl}/stripe-data/operations`);
    await sam.getByRole('heading', { name: 'Events that failed to project' }).waitFor();
    expect(await sam.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    expect(await sam.getByRole('button', { name: /^(Replay|Retry)/ }).count()).toBe(0);
    await sam.goto(`${env.stack.apiUrl}/stripe-data/settings`);
    await sam.getByText('Only owners can use this page.').waitFor();
    await sam.goto(`${env.stack.apiUrl}/stripe-data/account`);
    await sam.getByRole('heading', { name: 'Where You Are Signed In' }).waitFor();
    await sam.getByText('This browser').waitFor();
    await checkBothWidths(sam, 'security');
    await sam.context().close();
  });

  it('the Audit page shows the actions of this test, newest first, with the right person', async () => {
    await owner.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit Log' }).click();
    const table = owner.getByRole('region', { name: 'Audit entries, newest first' });
    await table.waitFor();
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(1, 3).map((td) => td.textContent)));
    const interesting = rows.filter(([, action]) =>
      [
        'admin.login',
        'admin.invite_accepted',
        'admin.two_factor.enrolled',
        'admin.invited',
        'admin.login.password_accepted',
      ].includes(action!),
    );
    expect(interesting.slice(0, 6)).toEqual([
      [INVITEE.name, 'admin.login'],
      [INVITEE.name, 'admin.two_factor.enrolled'],
      [INVITEE.name, 'admin.login.password_accepted'],
      [INVITEE.name, 'admin.invite_accepted'],
      [env.admin.name, 'admin.invited'],
      [env.admin.name, 'admin.login'],
    ]);
    await checkBothWidths(owner, 'audit');
    await owner.getByLabel('Person').selectOption({ label: INVITEE.name });
    await owner.getByRole('button', { name: 'Apply Filters' }).click();
    await owner.waitForFunction(() =>
      [...document.querySelectorAll('tbody tr td:nth-child(2)')].every((td) => td.textContent === 'Sam Books'),
    );
    const download = owner.waitForEvent('download');
    await owner.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toBe('audit-log.csv');
  });

  it('settings: the owner sets the retention and sees what it means', async () => {
    await owner.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
    const days = owner.getByLabel('Keep raw payment events for (days)');
    await days.waitFor();
    expect(await owner.getByLabel('Require two-factor sign-in for every admin').isChecked()).toBe(true);
    await checkBothWidths(owner, 'settings');
    await days.fill('0');
    await owner.getByRole('button', { name: 'Save Settings' }).click();
    await owner.getByRole('alert').filter({ hasText: 'from 1 to 3650' }).waitFor();
    await days.fill('45');
    await owner.getByRole('button', { name: 'Save Settings' }).click();
    await owner.getByText(/Now: 45 days \(set here\)/).waitFor();
    await owner.getByText(`by ${env.admin.name}`).first().waitFor();
  });

  it('erases a donor from their profile after the name is typed', async () => {
    const [donor] = await env.stack.db.query(
      `SELECT id, name FROM listed_donors WHERE name IS NOT NULL ORDER BY created LIMIT 1`,
    );
    await owner.goto(`${env.stack.apiUrl}/stripe-data/customer/${donor.id}`);
    await owner.getByRole('button', { name: 'Erase Personal Data' }).click();
    const dialog = owner.getByRole('alertdialog', { name: 'Erase Personal Data' });
    await dialog.waitFor();
    await checkBothWidths(owner, 'erase-donor');
    await dialog.getByLabel('Type the donor’s name to confirm').fill('someone else');
    await dialog.getByRole('button', { name: 'Erase Permanently' }).click();
    await dialog.getByRole('alert').waitFor();
    await dialog.getByLabel('Type the donor’s name to confirm').fill(donor.name);
    await dialog.getByRole('button', { name: 'Erase Permanently' }).click();
    await owner.getByRole('heading', { name: 'Financial Analytics Dashboard' }).waitFor();
    const [row] = await env.stack.db.query(
      `SELECT name, email, erased_at IS NOT NULL AS erased FROM donors WHERE id = $1`,
      [donor.id],
    );
    expect(row).toEqual({ name: 'Erased donor', email: null, erased: true });
  });
});
