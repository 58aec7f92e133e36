import { authed, signIn } from '../helpers/admin.js';
import { dayOf } from '../../core/src/gifts/calendar.js';
import { acknowledgmentsOnSince, outboxState, parsedMails } from '../helpers/donor-mail.js';
import { killHard, startService, waitUntil, type ServiceProcess } from '../helpers/faults.js';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * The outbox against a mail server that goes away and a worker that dies, with two real worker processes:
 * - SMTP down for 30 s while 200 gifts are recorded: nothing is lost (every attempt fails and is retried with
 *   backoff, none is given up), and once the server is back all 200 acknowledgments arrive, none twice.
 * - A worker SIGKILLed while it sends (a slow server): the other worker takes its messages once their lease
 *   ends; every message arrives, and the only copies are messages the server had taken when the process died
 *   (the window docs/ARCHITECTURE.md states under "The outbox").
 */
const GIFTS = Number(process.env.FAULTS_MAIL_GIFTS ?? 200);
const OUTAGE_MS = Number(process.env.FAULTS_SMTP_OUTAGE_MS ?? 30_000);

describe('mail outbox: SMTP outage and a worker killed mid-send', () => {
  let smtp: SmtpCatcher;
  let stack: Stack;
  let api: ReturnType<typeof authed>;
  const workers: ServiceProcess[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCatcher({ delayMs: 0 });
    stack = await startStack({
      emulator: false,
      workers: 0,
      env: { STRIPE_API_BASE: 'http://127.0.0.1:9', SMTP_URL: smtp.url },
    });
    api = authed(stack, (await signIn(stack)).token);
    await acknowledgmentsOnSince(stack.db, new Date(Date.now() - 60_000));
    workers.push(await startService('worker', stack.rawEnv), await startService('worker', stack.rawEnv));
  }, 60_000);
  afterAll(async () => {
    for (const w of workers) await killHard(w);
    await stack?.stop();
    await smtp?.close();
  });

  const today = () => dayOf(new Date(), 'America/Chicago');
  async function gifts(n: number, tag: string): Promise<string[]> {
    const emails: string[] = [];
    for (let i = 0; i < n; i++) {
      const email = `${tag}-${i}@example.org`;
      await api
        .post('/api/admin/manual-donations')
        .send({
          donorName: `Donor ${tag} ${i}`,
          donorEmail: email,
          amount: `${20 + i}`,
          donationType: 'cash',
          donationDate: today(),
        })
        .expect(201);
      emails.push(email);
    }
    return emails;
  }

  it(`SMTP down for ${OUTAGE_MS / 1000} s during ${GIFTS} acknowledgments: all arrive afterwards, none twice`, async () => {
    await smtp.stop();
    const downAt = Date.now();
    const emails = await gifts(GIFTS, 'outage');
    await waitUntil(
      async () =>
        (await stack.db.query(`SELECT count(*)::int AS n FROM outbound_mail WHERE attempts > 0`))[0].n === GIFTS,
      { timeoutMs: 60_000, describe: async () => JSON.stringify(await outboxState(stack.db)) },
    );
    await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - (Date.now() - downAt))));
    // Down the whole time: every message tried at least once, none sent, none given up, each with its error.
    const during = await stack.db.query(
      `SELECT status, count(*)::int AS n, min(attempts) AS min, max(attempts) AS max, bool_and(last_error IS NOT NULL) AS errors FROM outbound_mail GROUP BY status`,
    );
    expect(during.filter((r) => r.status === 'sent' || r.status === 'failed')).toEqual([]);
    expect(during.every((r) => r.errors || r.status === 'sending')).toBe(true);
    expect(smtp.mails).toHaveLength(0);

    await smtp.start();
    const upAt = Date.now();
    await smtp.waitForCount(GIFTS, 120_000);
    await waitUntil(async () => (await outboxState(stack.db)).sent === GIFTS, {
      timeoutMs: 30_000,
      describe: async () => JSON.stringify(await outboxState(stack.db)),
    });
    const catchUp = Date.now() - upAt;
    // A marker gift recorded after all of them: once its acknowledgment arrived, the passes after the catch-up
    // have run, and nothing else arrived with them (no second copy of any message).
    const [marker] = await gifts(1, 'marker');
    await smtp.waitFor(marker, 1, 60_000);
    await waitUntil(async () => (await outboxState(stack.db)).sent === GIFTS + 1, {
      timeoutMs: 30_000,
      describe: async () => JSON.stringify(await outboxState(stack.db)),
    });
    const mails = await parsedMails(smtp);
    expect(mails).toHaveLength(GIFTS + 1);
    const to = mails.map((m) => (Array.isArray(m.to) ? m.to : [m.to!])[0].value[0].address).sort();
    expect(to).toEqual([...emails, marker].sort());
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(GIFTS + 1);
    const attempts = await stack.db.query(`SELECT max(attempts)::int AS max FROM outbound_mail`);
    process.stdout.write(
      `[faults] SMTP down ${Math.round((upAt - downAt) / 1000)} s: ${GIFTS} acknowledgments all delivered ${Math.round(catchUp / 1000)} s after it returned, none twice (up to ${attempts[0].max} attempts each)\n`,
    );
  }, 300_000);

  it('a worker SIGKILLed mid-send: the other takes over when the lease ends; copies only of what the server had taken', async () => {
    const slow = await startSmtpCatcher({ delayMs: 300 });
    try {
      // Both workers send to the slow server from now on.
      for (const w of workers.splice(0)) await killHard(w);
      const env = { ...stack.rawEnv, SMTP_URL: slow.url };
      workers.push(await startService('worker', env), await startService('worker', env));
      const n = 60;
      const emails = await gifts(n, 'killed');
      await waitUntil(async () => slow.mails.length >= 5, { timeoutMs: 60_000 });
      const victim = workers[0];
      victim.kill('SIGKILL');
      await victim.exited;
      const inFlight = (
        await stack.db.query(`SELECT count(*)::int AS n FROM outbound_mail WHERE status = 'sending'`)
      )[0].n;
      await slow.waitForCount(n, 180_000);
      await waitUntil(async () => (await outboxState(stack.db)).sent === GIFTS + 1 + n, {
        timeoutMs: 120_000,
        describe: async () => JSON.stringify(await outboxState(stack.db)),
      });
      const received = slow.mails.map((m) => m.to[0]);
      expect(new Set(received)).toEqual(new Set(emails));
      const copies = received.length - n;
      // Only messages that were in the dead worker's hands can have arrived twice.
      expect(copies).toBeLessThanOrEqual(inFlight);
      process.stdout.write(
        `[faults] worker killed with ${inFlight} messages claimed: all ${n} delivered, ${copies} of them twice (the server had taken them before the process died)\n`,
      );
    } finally {
      await slow.close();
    }
  }, 300_000);
});
