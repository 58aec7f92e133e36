import { parseString } from 'fast-csv';
import type { Page } from 'playwright-core';
import { dayOf } from '../../core/src/gifts/calendar.js';
import { authed, signIn } from '../helpers/admin.js';
import { newPage, shot, signInUi, startAdminEnv, type AdminEnv } from '../helpers/admin-browser.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { waitUntil } from '../helpers/faults.js';
import { collectConsoleErrors } from '../helpers/browser.js';
import {
  acknowledgmentsOnSince,
  outboxState,
  parsedMails,
  waitForMails,
  waitForOutboxSent,
} from '../helpers/donor-mail.js';
import { pdfText } from '../helpers/pdf.js';
import { mailPasses } from '../helpers/passes.js';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.js';

/**
 * Year-end statements for 300 seeded donors, sent from the Tax Exports tab in Chromium to a real SMTP server:
 * every donor with an e-mail address gets exactly one statement whose PDF total equals what the tax export
 * says they gave; a second click sends none. Then the donor's page: the messages with Resend, a statement of
 * any year they gave, and a manual gift that bought a dinner, acknowledged with its receipt number.
 */
const POSTAL = 4;
const TZ = 'America/Chicago';
const cents = (s: string) => Math.round(Number(s.replace(/[$,]/g, '')) * 100);

async function taxExportCsv(api: ReturnType<typeof authed>, year: number): Promise<Record<string, string>[]> {
  const res = await api
    .get(`/api/admin/tax-exports/bulk-report/${year}`)
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  return new Promise((resolve, reject) => {
    const out: Record<string, string>[] = [];
    parseString((res.body as Buffer).toString('utf8').replace(/^\uFEFF/, ''), { headers: true })
      .on('data', (r) => out.push(r))
      .on('error', reject)
      .on('end', () => resolve(out));
  });
}

describe('donor e-mail in the admin: year-end statements in bulk, messages, acknowledgments', () => {
  let smtp: SmtpCatcher;
  let env: AdminEnv;
  let api: ReturnType<typeof authed>;
  let year: number;
  let page: Page;
  /** What a send of `year` is today: interim while the year is not over, then final. */
  let edition: 'interim' | 'final';

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    // Acknowledgments are switched on before the history is loaded: its gifts are older, so none is mailed.
    env = await startAdminEnv({
      donors: 300,
      env: { SMTP_URL: smtp.url },
      beforeLoad: (stack) => acknowledgmentsOnSince(stack.db, new Date()),
    });
    api = authed(env.stack, (await signIn(env.stack, env.admin)).token);
    const [busiest] = await env.stack.db.query(
      `SELECT extract(year FROM created AT TIME ZONE '${TZ}')::int AS year FROM charges WHERE status = 'succeeded' GROUP BY 1 ORDER BY count(DISTINCT customer_id) DESC LIMIT 1`,
    );
    year = busiest.year;
    // A few donors of that year have no e-mail address: their statements go by post.
    await env.stack.db.query(
      `UPDATE donors SET email = NULL WHERE id IN (
         SELECT c.customer_id FROM charges c JOIN donors d ON d.id = c.customer_id AND d.deleted_at IS NULL
          WHERE c.status = 'succeeded' AND c.amount_refunded = 0 AND NOT c.disputed AND extract(year FROM c.created AT TIME ZONE '${TZ}') = $1
          GROUP BY c.customer_id ORDER BY c.customer_id LIMIT ${POSTAL})`,
      [year],
    );
    page = await newPage(env);
  }, 180_000);
  afterAll(async () => {
    await env?.stop();
    await smtp?.close();
  });

  it('the loaded history mailed nobody', async () => {
    // A whole pass of the acknowledger and of the outbox after the load: they found nothing to mail.
    await mailPasses(env.stack);
    expect(await outboxState(env.stack.db)).toEqual({ queued: 0, sending: 0, sent: 0, failed: 0 });
    expect(smtp.mails).toEqual([]);
  });

  it('Tax Exports: the preview, the switch, then Send statements with a live progress bar; a second click sends none', async () => {
    const errors = collectConsoleErrors(page);
    await signInUi(page, env);
    await page.getByRole('tab', { name: 'Tax Exports' }).click();
    await page.getByLabel('Tax year').selectOption(String(year));
    const card = page.getByRole('region', { name: 'Year-End Statements by E-mail' });
    const run = (await api.get(`/api/admin/tax-exports/statements/${year}`).expect(200)).body;
    expect(run.withoutEmail).toBe(POSTAL);
    expect(run.withEmail).toBe(run.donors - POSTAL);
    expect(run.donors).toBeGreaterThan(200);
    const kind = (edition = run.edition as 'interim' | 'final');
    expect(run.toSend).toBe(run.withEmail);
    await card.getByText(`Send ${kind} statements (${run.withEmail} donors)`).waitFor();
    await expect(card.locator('.adm-info-row dd').allTextContents()).resolves.toEqual([
      String(run.donors),
      String(run.withEmail),
      String(POSTAL),
    ]);
    await page.getByText(/^Automatic acknowledgments: on since /).waitFor();
    await expect(page.getByRole('link', { name: 'Change in Settings' }).getAttribute('href')).resolves.toBe(
      '/stripe-data/settings',
    );
    await expectNoAxeViolations(page, 'Tax Exports with donor e-mail');
    await shot(page, 'admin-tax-exports-mail-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page, 'Tax Exports with donor e-mail at 390 px');
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await shot(page, 'admin-tax-exports-mail-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The postal batch: one PDF with the statements of the donors without an address.
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: `Printable PDF for ${POSTAL} donors` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`year-end-statements-${year}-by-post.pdf`);
    const postalText = await pdfText(
      await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c as Buffer[])),
    );
    expect(postalText.match(/Year-End Giving Statement/g)).toHaveLength(POSTAL);

    await card.getByRole('button', { name: new RegExp(`^Send ${kind} statements`) }).click();
    const dialog = page.getByRole('dialog', { name: `Send ${kind} ${year} statements?` });
    await expectNoAxeViolations(page, 'Send statements dialog');
    await dialog.getByRole('button', { name: `Send ${kind} statements` }).click();
    await page.locator('.toast', { hasText: 'Statements Queued' }).waitFor();
    await card
      .getByText(/^Sending: \d+ of \d+ done$/)
      .or(card.getByText(`Sent ${run.withEmail} of ${run.withEmail}`))
      .first()
      .waitFor();
    await shot(page, 'admin-statements-progress-1280');
    await card.getByText(`Sent ${run.withEmail} of ${run.withEmail}`).waitFor({ timeout: 180_000 });
    await expect(card.getByRole('button', { name: `All ${kind} statements queued` }).isDisabled()).resolves.toBe(true);
    await shot(page, 'admin-statements-sent-1280');

    // Every donor with an address got one statement; its PDF total is the tax export's total for them.
    await smtp.waitForCount(run.withEmail, 60_000);
    const givers = await env.stack.db.query<{ id: string; email: string }>(
      `SELECT DISTINCT o.customer_id AS id, o.recipient AS email FROM outbound_mail o WHERE kind = 'statement'`,
    );
    expect(givers).toHaveLength(run.withEmail);
    const byCustomer = new Map<string, number>();
    const owner = new Map(
      (
        await env.stack.db.query<{ id: string; customer_id: string }>(
          `SELECT id, customer_id FROM charges UNION ALL SELECT id::text, stripe_customer_id FROM manual_donations`,
        )
      ).map((r) => [r.id, r.customer_id]),
    );
    // 'Total contributions' counts gifts of money only: gifts of property are listed without a value.
    const property = new Set(
      (
        await env.stack.db.query<{ id: string }>(
          `SELECT id::text FROM manual_donations WHERE donation_type NOT IN ('cash', 'check')`,
        )
      ).map((r) => r.id),
    );
    for (const row of await taxExportCsv(api, year)) {
      if (property.has(row['Transaction ID'])) continue;
      const customer = owner.get(row['Transaction ID'])!;
      byCustomer.set(customer, (byCustomer.get(customer) ?? 0) + cents(row['Net Amount']));
    }
    const mails = await parsedMails(smtp);
    expect(mails).toHaveLength(run.withEmail);
    for (const g of givers) {
      const mine = mails.filter(
        (m) => m.to && (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a.value.some((v) => v.address === g.email)),
      );
      expect(mine).toHaveLength(1);
      const [pdf] = mine[0].attachments;
      expect(pdf.contentType).toBe('application/pdf');
      const text = await pdfText(pdf.content);
      const total = /Total contributions for \d{4}: (\$[\d,]+\.\d{2})/.exec(text)?.[1];
      expect({ id: g.id, total: cents(total!) }).toEqual({ id: g.id, total: byCustomer.get(g.id) });
    }

    // A second click (through the API, the button is disabled) queues nothing and nothing more arrives.
    const again = await api.post(`/api/admin/tax-exports/statements/${year}/send`).expect(202);
    expect(again.body).toEqual({ queued: 0, skipped: run.withEmail, edition: kind });
    await mailPasses(env.stack);
    expect(smtp.mails).toHaveLength(run.withEmail);
    expect(errors).toEqual([]);
  }, 300_000);

  it('before the year ends, the send warns that statements are interim; the history shows who got which version', async () => {
    const current = Number(dayOf(new Date(), TZ).slice(0, 4));
    await page.getByLabel('Tax year').selectOption(String(current));
    const card = page.getByRole('region', { name: 'Year-End Statements by E-mail' });
    await card.getByText(`${current} is not over yet`).waitFor();
    await card.getByText(/Statements sent before December 31 are interim/).waitFor();
    await card.getByRole('button', { name: /^Send interim statements|^All interim statements queued/ }).waitFor();
    if (year === current) {
      await card.getByText(`Statements of ${current} sent so far`).click();
      await card.getByRole('cell', { name: 'Interim' }).first().waitFor();
    }
    await expectNoAxeViolations(page, 'interim statements warning');
    await shot(page, 'admin-statements-interim-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page, 'interim statements warning at 390 px');
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await shot(page, 'admin-statements-interim-390');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("a donor's page: statements of every year they gave, their messages with Resend, and a manual gift acknowledged with its receipt number", async () => {
    const [donor] = await env.stack.db.query<{ id: string; email: string }>(
      `SELECT d.id, d.email FROM donors d JOIN outbound_mail o ON o.customer_id = d.id AND o.kind = 'statement'
        WHERE (SELECT count(DISTINCT extract(year FROM c.created AT TIME ZONE '${TZ}')) FROM charges c WHERE c.customer_id = d.id AND c.status = 'succeeded') > 1
        ORDER BY d.id LIMIT 1`,
    );
    const errors = collectConsoleErrors(page);
    await page.goto(`${env.stack.apiUrl}/stripe-data/customer/${donor.id}`);
    const messages = page.getByRole('region', { name: 'Messages' });
    await messages.getByRole('cell', { name: `Year-end statement ${year}`, exact: true }).waitFor();
    const years = (await api.get(`/api/admin/tax-exports/years/${donor.id}`).expect(200)).body.years as number[];
    expect(years.length).toBeGreaterThan(1);
    await expect(page.getByLabel('Statement year').locator('option').allTextContents()).resolves.toEqual(
      years.map(String),
    );
    const older = years[years.length - 1];
    await page.getByLabel('Statement year').selectOption(String(older));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `Year-End Statement ${older}` }).click();
    expect((await download).suggestedFilename()).toMatch(new RegExp(`^year-end-statement-${older}-`));

    await messages.getByRole('button', { name: `Resend year-end statement ${year}` }).click();
    await page.locator('.toast', { hasText: 'E-mail Queued' }).waitFor();
    const [, resent] = await waitForMails(smtp, donor.email, 2);
    expect(resent.subject).toBe(
      `Your ${year} ${edition === 'interim' ? 'interim ' : ''}year-end giving statement - Hillside Learning Center`,
    );

    // A manual gift that bought a dinner: acknowledged automatically, listed with its receipt number.
    await page.getByRole('button', { name: 'Add Donation' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Amount *').fill('150');
    await form.getByLabel('Donation Type *').selectOption('check');
    await form.getByLabel(/The donor received goods or services in return/).check();
    await form.getByLabel('What the donor received *').fill('a dinner at the spring gala');
    await form.getByLabel('Its fair-market value *').fill('40');
    await expectNoAxeViolations(page, 'manual gift with goods received');
    await shot(page, 'admin-manual-gift-goods-1280');
    await form.getByRole('button', { name: 'Add Donation' }).click();
    await page.locator('.toast', { hasText: 'Donation Added Successfully' }).waitFor();
    const [, , ack] = await waitForMails(smtp, donor.email, 3);
    expect(ack.text).toContain('$110.00');
    const receipt = /Receipt number: (\d{4}-\d{6})/.exec(ack.text ?? '')?.[1];
    expect(receipt).toBe(`${dayOf(new Date(), TZ).slice(0, 4)}-000001`);
    await messages.getByRole('cell', { name: receipt, exact: true }).waitFor({ timeout: 20_000 });
    await waitForOutboxSent(env.stack.db, 1);
    await expectNoAxeViolations(page, 'donor messages');
    await shot(page, 'admin-donor-messages-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page, 'donor messages at 390 px');
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await shot(page, 'admin-donor-messages-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    // A gift of stock: the form asks for its description and labels the amount as the school's estimate; the
    // acknowledgment describes it and states no dollar value.
    await page.getByRole('button', { name: 'Add Donation' }).click();
    const stockForm = page.getByRole('dialog');
    await stockForm.getByLabel('Donation Type *').selectOption('stock');
    await stockForm.getByLabel("School's estimate of its value *").fill('8,450');
    await stockForm.getByRole('button', { name: 'Add Donation' }).click();
    await stockForm.getByText('Describe the gift (e.g., 100 shares of ACME or two wheelchairs)').waitFor();
    await stockForm.getByLabel('Description of the gift *').fill('100 shares of Acme Corporation (ACME)');
    await expectNoAxeViolations(page, 'manual gift of stock');
    await shot(page, 'admin-manual-gift-stock-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page, 'manual gift of stock at 390 px');
    await shot(page, 'admin-manual-gift-stock-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await stockForm.getByRole('button', { name: 'Add Donation' }).click();
    await page.locator('.toast', { hasText: 'Donation Added Successfully' }).waitFor();
    const [, , , stockAck] = await waitForMails(smtp, donor.email, 4);
    expect(stockAck.text).toContain('Description: 100 shares of Acme Corporation (ACME)');
    expect(stockAck.text).not.toContain('$');
    await page.getByText("School's estimate").first().waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it('Tax Exports lists e-mail that failed for good, with the reason and Retry', async () => {
    const [donor] = await env.stack.db.query<{ id: string; email: string }>(
      `SELECT customer_id AS id, recipient AS email FROM outbound_mail WHERE kind = 'statement' ORDER BY id LIMIT 1`,
    );
    const [failed] = await env.stack.db.query<{ id: string }>(
      `INSERT INTO outbound_mail (kind, subject_key, recipient, customer_id, statement_year, status, attempts, last_error)
       VALUES ('statement', $1, $2, $3, $4, 'failed', 15, '550 Mailbox unavailable') RETURNING id`,
      [`${donor.id}:${year}#resend-9`, donor.email, donor.id, year],
    );
    await page.goto(`${env.stack.apiUrl}/stripe-data`);
    await page.getByRole('tab', { name: 'Tax Exports' }).click();
    const table = page.getByRole('table', { name: 'E-mail that failed' });
    await table.getByRole('cell', { name: '550 Mailbox unavailable' }).waitFor();
    await page.getByText('1 failed after every retry.').waitFor();
    await expectNoAxeViolations(page, 'Tax Exports with a failed e-mail');
    await shot(page, 'admin-mail-failed-1280');
    const before = smtp.mails.length;
    await table.getByRole('button', { name: `Retry year-end statement ${year} to ${donor.email}` }).click();
    await page.getByText('No failed e-mail.').waitFor({ timeout: 20_000 });
    await smtp.waitForCount(before + 1);
    // The receiver has the message a moment before the worker records it as sent.
    await waitUntil(
      async () =>
        (await env.stack.db.query(`SELECT status FROM outbound_mail WHERE id = $1`, [failed.id]))[0].status === 'sent',
      { timeoutMs: 10_000 },
    );
  });

  it('the switch on the Settings page turns automatic acknowledgments off and on; Tax Exports shows which', async () => {
    await page.goto(`${env.stack.apiUrl}/stripe-data/settings`);
    const toggle = page.getByLabel('Acknowledge new gifts by e-mail automatically');
    await expect(toggle.isChecked()).resolves.toBe(true);
    await toggle.uncheck();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.locator('.toast', { hasText: 'Settings Saved' }).waitFor();
    await page.getByText(/Off now\./).waitFor();
    await expectNoAxeViolations(page, 'Settings with donor acknowledgments');
    await shot(page, 'admin-settings-acknowledgments-1280');
    expect((await api.get('/api/admin/acknowledgments/setting')).body).toMatchObject({
      enabled: false,
      updatedBy: 'Morgan Reyes',
    });
    await page.goto(`${env.stack.apiUrl}/stripe-data`);
    await page.getByRole('tab', { name: 'Tax Exports' }).click();
    await page.getByText('Automatic acknowledgments: off').waitFor();
    await page.getByRole('link', { name: 'Change in Settings' }).click();
    await toggle.check();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText(/On since /).waitFor();
    expect((await api.get('/api/admin/acknowledgments/setting')).body).toMatchObject({ enabled: true });
  });
});
