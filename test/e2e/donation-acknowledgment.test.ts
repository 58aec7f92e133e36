import type Stripe from 'stripe';
import type { Browser } from 'playwright-core';
import { dayOf } from '../../core/src/gifts/calendar.js';
import { replayEvents } from '../../core/src/inbox/event-replay.js';
import { runAxe } from '../helpers/axe.js';
import { launchBrowser, screenshot } from '../helpers/browser.js';
import { acknowledgmentsOnSince, outboxState, parsedMails, waitForMails } from '../helpers/donor-mail.js';
import { seededShuffle } from '../helpers/donor-events.js';
import { deliver } from '../helpers/fault-delivery.js';
import { killHard, startService, waitForInboxDrained, waitUntil, type ServiceProcess } from '../helpers/faults.js';
import { openReplayTools } from '../helpers/replay.js';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * A donor gives $300 on /donate (Chromium, the emulator's Stripe.js, card 4242 4242 4242 4242). Two worker
 * processes project the webhooks; exactly one acknowledgment reaches the SMTP server, with the amount, the
 * receipt number, the EIN and the no-goods sentence. Then every stored event is delivered again five times,
 * shuffled, under new event ids (so each copy is projected again, by both workers), and the whole inbox is
 * replayed: still exactly one acknowledgment.
 */
const NO_GOODS = 'No goods or services were provided in exchange for these contributions.';
const EMAIL = 'dana.givens@example.org';
const COPIES = 5;

describe('a $300 gift on the website is acknowledged once, whatever happens to its events', () => {
  let smtp: SmtpCatcher;
  let stack: Stack;
  let browser: Browser;
  const workers: ServiceProcess[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    stack = await startStack({ workers: 0, env: { SMTP_URL: smtp.url } });
    await acknowledgmentsOnSince(stack.db, new Date(Date.now() - 60_000));
    workers.push(await startService('worker', stack.rawEnv), await startService('worker', stack.rawEnv));
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    for (const w of workers) await killHard(w);
    await browser?.close().catch(() => undefined);
    await stack?.stop();
    await smtp?.close();
  });

  it('one acknowledgment after the card payment, and still one after five shuffled copies of every event and a replay', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${stack.apiUrl}/donate`, { waitUntil: 'networkidle' });
    await page.getByLabel('Donation Amount').fill('300');
    for (const [label, value] of [
      ['First Name', 'Dana'],
      ['Last Name', 'Givens'],
      ['Email', EMAIL],
      ['Address', '12 Creek Road'],
      ['City', 'Marshall'],
      ['State', 'AR'],
      ['ZIP Code', '72650'],
    ])
      await page.getByLabel(label).fill(value);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel(/Expiration date/).fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $300.00' }).click();
    await page.locator('.toast', { hasText: 'Donation Recorded' }).waitFor({ timeout: 30_000 });

    const [ack] = await waitForMails(smtp, EMAIL, 1, 60_000);
    const [charge] = await stack.db.query(`SELECT id, created FROM charges WHERE billing_email = $1`, [EMAIL]);
    const receipt = `${dayOf(charge.created, 'America/Chicago').slice(0, 4)}-000001`;
    for (const part of [ack.text!, ack.html as string]) {
      for (const s of ['$300.00', receipt, 'EIN 71-0123456', NO_GOODS, 'Dana Givens']) expect(part).toContain(s);
    }
    // The HTML part as a mail program shows it: no accessibility violations, at a phone's width and a desktop's.
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.setContent(ack.html as string);
      expect(await runAxe(page)).toEqual([]);
      await screenshot(page, `acknowledgment-mail-${width}`);
    }

    // Every stored event, five times over under new ids, shuffled, 16 deliveries at a time.
    const stored = await stack.db.query<{ payload: Stripe.Event }>(
      `SELECT payload FROM stripe_events ORDER BY created, id`,
    );
    const copies = stored.flatMap(({ payload }) =>
      Array.from({ length: COPIES }, (_, k) => ({ ...payload, id: `${payload.id}_copy${k}` }) as Stripe.Event),
    );
    const results = await deliver(stack.apiUrl, seededShuffle(copies, 20261123), { concurrency: 16 });
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    await waitForInboxDrained(stack.db, { minEvents: stored.length * (COPIES + 1), timeoutMs: 120_000 });
    // And the whole inbox projected once more, as `npm run events:replay` does.
    const tools = await openReplayTools(stack);
    try {
      expect(await replayEvents(tools.ds, tools.producer, { since: new Date(0) })).toBe(stored.length * (COPIES + 1));
    } finally {
      await tools.close();
    }
    await waitForInboxDrained(stack.db, { minEvents: stored.length * (COPIES + 1), timeoutMs: 120_000 });

    // The acknowledger runs every 2 s in each worker: give both several passes, then count.
    const settled = Date.now() + 8000;
    await waitUntil(async () => Date.now() > settled && (await outboxState(stack.db)).queued === 0, {
      timeoutMs: 30_000,
    });
    expect((await parsedMails(smtp, EMAIL)).map((m) => m.subject)).toEqual([
      `Thank you for your gift - receipt ${receipt} - Hillside Learning Center`,
    ]);
    expect(await stack.db.query(`SELECT kind, status FROM outbound_mail`)).toEqual([
      { kind: 'acknowledgment', status: 'sent' },
    ]);
    expect(await stack.db.query(`SELECT count(*)::int AS n FROM gift_acknowledgments`)).toEqual([{ n: 1 }]);
    for (const w of workers) expect(w.child.exitCode).toBeNull();
  }, 300_000);
});
